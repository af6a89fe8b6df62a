import { mailSendingSchema, mailServerPaths, type MailSending } from '@agora/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import { serverSettingsKeys } from './server-settings-keys.ts';

export async function fetchMailSending(): Promise<MailSending> {
  return mailSendingSchema.parse(await apiData<unknown>({ target: 'stack', path: mailServerPaths.sending }));
}

/**
 * Whether the selected community can send email now (its own server, the deployment's, or none):
 * `false` only when the server said none, `undefined` while unknown, so no screen claims either way
 * before it knows.
 */
export function useCanSendEmail(): boolean | undefined {
  const internalUrl = useInternalUrl();
  const query = useQuery({
    queryKey: serverSettingsKeys.sending(internalUrl),
    queryFn: fetchMailSending,
    enabled: Boolean(internalUrl),
    staleTime: 60_000,
  });
  return query.data ? query.data.sender !== 'none' : undefined;
}
