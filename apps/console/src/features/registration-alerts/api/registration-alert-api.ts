import {
  registrationAlertPaths,
  registrationAlertStateSchema,
  type RegistrationAlertSettings,
  type RegistrationAlertState,
} from '@agora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

/** Query keys of the registration threshold, per community (internal_url). */
export const registrationAlertKeys = {
  all: ['registration-alerts'] as const,
  state: (internalUrl: string) => [...registrationAlertKeys.all, 'state', internalUrl] as const,
};

export async function fetchRegistrationAlerts(): Promise<RegistrationAlertState> {
  return registrationAlertStateSchema.parse(
    await apiData<unknown>({ target: 'stack', path: registrationAlertPaths.get }),
  );
}

export async function updateRegistrationAlerts(
  settings: RegistrationAlertSettings,
): Promise<RegistrationAlertState> {
  return registrationAlertStateSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: registrationAlertPaths.update,
      body: {
        active: settings.active,
        span: settings.span,
        date_from: settings.date_from ?? '',
        date_to: settings.date_to ?? '',
        threshold: settings.threshold,
        recipients: settings.recipients.join(','),
        block: settings.block,
      },
    }),
  );
}

export function useRegistrationAlerts() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: registrationAlertKeys.state(internalUrl),
    queryFn: fetchRegistrationAlerts,
    enabled: internalUrl !== '',
  });
}

/** Saves the threshold; the community's state is the server's answer, put in the cache at once. */
export function useUpdateRegistrationAlertsMutation(
  callbacks: MutationCallbacks<RegistrationAlertState, RegistrationAlertSettings> = {},
) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: updateRegistrationAlerts,
    onSuccess: (saved, settings) => {
      client.setQueryData(registrationAlertKeys.state(internalUrl), saved);
      callbacks.onSuccess?.(saved, settings);
    },
    onError: callbacks.onError,
  });
}
