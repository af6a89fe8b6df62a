import {
  readinessCheckPaths,
  readinessConfigurationSchema,
  readinessMonitoringSchema,
  type ReadinessConfiguration,
  type ReadinessMonitoring,
} from '@agora/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

/** Query keys of the readiness checks, per community (internal_url). */
export const readinessCheckKeys = {
  all: ['readiness-checks'] as const,
  configuration: (internalUrl: string) => [...readinessCheckKeys.all, 'configuration', internalUrl] as const,
  monitoring: (internalUrl: string) => [...readinessCheckKeys.all, 'monitoring', internalUrl] as const,
};

export async function fetchConfigurationChecks(): Promise<ReadinessConfiguration> {
  return readinessConfigurationSchema.parse(
    await apiData<unknown>({ target: 'stack', path: readinessCheckPaths.configuration }),
  );
}

export async function fetchMonitoringChecks(): Promise<ReadinessMonitoring> {
  return readinessMonitoringSchema.parse(
    await apiData<unknown>({ target: 'stack', path: readinessCheckPaths.monitoring }),
  );
}

/** The configuration checks; fetched again whenever the page is opened (they follow other screens). */
export function useConfigurationChecks() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: readinessCheckKeys.configuration(internalUrl),
    queryFn: fetchConfigurationChecks,
    enabled: internalUrl !== '',
    refetchOnMount: 'always',
  });
}

export function useMonitoringChecks() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: readinessCheckKeys.monitoring(internalUrl),
    queryFn: fetchMonitoringChecks,
    enabled: internalUrl !== '',
    refetchOnMount: 'always',
  });
}

/** Asks the server again for every check of the community (the screen's refresh button). */
export function useRefreshReadinessChecks(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: readinessCheckKeys.all });
}
