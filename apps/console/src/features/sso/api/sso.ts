import { authPaths, dataEnvelope, ssoAnswerSchema } from '@agora/contract';
import { useMutation } from '@tanstack/react-query';
import { sendRequest } from '../../../core/http/http-request.ts';
import { useLocaleStore } from '../../../core/locale/locale-store.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';

/**
 * POST auth/sso/: a community's one-time ticket becomes a console session and its stack, or a
 * second-factor challenge for an account that has one.
 */
export async function exchangeSsoTicket(ticket: string) {
  const answer = await sendRequest({
    method: 'POST',
    path: authPaths.sso,
    body: { ticket },
    acceptLanguage: useLocaleStore.getState().locale,
  });
  return dataEnvelope(ssoAnswerSchema).parse(answer).data;
}

/** Trades a single-use SSO ticket for a session or a second-factor challenge. */
export function useSsoTicketMutation(
  callbacks: MutationCallbacks<Awaited<ReturnType<typeof exchangeSsoTicket>>, string> = {},
) {
  return useMutation({
    mutationFn: exchangeSsoTicket,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}
