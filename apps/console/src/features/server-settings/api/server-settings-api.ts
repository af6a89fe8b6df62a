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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
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

/**
 * Saves the community's domain: the answer goes into the cache, then the screen's callback runs and,
 * when the domain really changed, the community is shown restarting (pending until that is asked).
 */
export function useSaveDomainMutation(callbacks: MutationCallbacks<DomainSettings, string> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  const markRestarting = useMarkRestarting();
  return useMutation({
    mutationFn: saveDomain,
    onSuccess: async (saved, domain) => {
      const key = serverSettingsKeys.domain(internalUrl);
      const changed = saved.domain !== (client.getQueryData<DomainSettings>(key)?.domain ?? null);
      client.setQueryData(key, saved);
      callbacks.onSuccess?.(saved, domain);
      if (changed) await markRestarting();
    },
    onError: callbacks.onError,
  });
}

/**
 * Saves the community's email server: the answer goes into the cache, then the screen's callback runs
 * and, when a password was typed or the settings changed, the community is shown restarting.
 */
export function useSaveMailServerMutation(callbacks: MutationCallbacks<MailServer, MailServerBody> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  const markRestarting = useMarkRestarting();
  return useMutation({
    mutationFn: saveMailServer,
    onSuccess: async (saved, body) => {
      const key = serverSettingsKeys.mailServer(internalUrl);
      const before = client.getQueryData<MailServer>(key);
      client.setQueryData(key, saved);
      // Whether email can be sent follows the server the community now uses.
      void client.invalidateQueries({ queryKey: serverSettingsKeys.sending(internalUrl) });
      callbacks.onSuccess?.(saved, body);
      if (body.password !== '' || JSON.stringify(before) !== JSON.stringify(saved)) await markRestarting();
    },
    onError: callbacks.onError,
  });
}
