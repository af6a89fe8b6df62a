import { authPaths, dataEnvelope, ssoAnswerSchema } from '@agora/contract';
import { sendRequest } from '../../../core/http/http-request.ts';
import { useLocaleStore } from '../../../core/locale/locale-store.ts';

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
