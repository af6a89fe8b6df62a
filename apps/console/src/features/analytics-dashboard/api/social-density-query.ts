import { analyticsPaths, socialDensityReportSchema } from '@agora/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import { dashboardKeys } from './dashboard-api.ts';

async function fetchSocialDensity(date: string) {
  return socialDensityReportSchema.parse(
    await apiData<unknown>({ target: 'stack', path: analyticsPaths.socialDensity, query: { date } }),
  );
}

/** The community's social density on a date (the end of the dashboard's period). */
export function useSocialDensityQuery(date: string) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: [...dashboardKeys.all, 'social-density', internalUrl, date],
    queryFn: () => fetchSocialDensity(date),
    enabled: internalUrl !== '',
  });
}
