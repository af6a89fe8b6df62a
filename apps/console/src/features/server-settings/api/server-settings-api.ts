import {
  domainSettingsPaths,
  domainSettingsSchema,
  mailServerPaths,
  mailServerSchema,
  mailServerTestResultSchema,
  type DomainSettings,
  type MailServer,
  type MailServerBody,
  type MailServerTestResult,
} from '@agora/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
import { fetchStackSelf } from '../../../core/stack/stack-queries.ts';
import { stackKeys } from '../../../core/stack/stack-keys.ts';
import { serverSettingsKeys } from './server-settings-keys.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

/** While the community restarts, its status is asked for this often. */
export const RESTART_POLL_MS = 2000;

export async function fetchDomain(): Promise<DomainSettings> {
  return domainSettingsSchema.parse(
    await apiData<unknown>({ target: 'stack', path: domainSettingsPaths.domain }),
  );
}

export async function saveDomain(domain: string): Promise<DomainSettings> {
  return domainSettingsSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: domainSettingsPaths.domain,
      body: { domain },
    }),
  );
}

export async function fetchMailServer(): Promise<MailServer> {
  return mailServerSchema.parse(
    await apiData<unknown>({ target: 'stack', path: mailServerPaths.mailServer }),
  );
}

export async function saveMailServer(body: MailServerBody): Promise<MailServer> {
  return mailServerSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: mailServerPaths.mailServer,
      body,
    }),
  );
}

export async function sendTestEmail(body: MailServerBody & { to: string }): Promise<MailServerTestResult> {
  return mailServerTestResultSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: mailServerPaths.test,
      body,
    }),
  );
}

export function useDomainQuery(enabled = true) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: serverSettingsKeys.domain(internalUrl),
    queryFn: fetchDomain,
    enabled: enabled && Boolean(internalUrl),
  });
}

export function useMailServerQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: serverSettingsKeys.mailServer(internalUrl),
    queryFn: fetchMailServer,
    enabled: Boolean(internalUrl),
  });
}

/**
 * The selected community's status, asked again every 2 s while it is not online (a domain or email
 * server change restarts it), so the forms unlock as soon as it is back.
 */
export function useStackStatus() {
  const internalUrl = useInternalUrl();
  const query = useQuery({
    queryKey: stackKeys.self(internalUrl),
    queryFn: fetchStackSelf,
    enabled: Boolean(internalUrl),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'online' ? RESTART_POLL_MS : false),
  });
  return { status: query.data?.status, online: query.data?.status === 'online' };
}

/** After a saved change: show the community as restarting at once, then follow the server. */
export function useMarkRestarting() {
  const queryClient = useQueryClient();
  const internalUrl = useInternalUrl();
  return async () => {
    queryClient.setQueryData(
      stackKeys.self(internalUrl),
      (old: Awaited<ReturnType<typeof fetchStackSelf>> | undefined) =>
        old ? { ...old, status: 'progress' as const } : old,
    );
    await queryClient.invalidateQueries({ queryKey: stackKeys.all });
  };
}
