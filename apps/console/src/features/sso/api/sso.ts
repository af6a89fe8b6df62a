import { authPaths, dataEnvelope, ssoResultSchema } from '@agora/contract';
import { sendRequest } from '../../../core/http/http-request.ts';
import { useLocaleStore } from '../../../core/locale/locale-store.ts';

/** POST auth/sso/: a community's one-time ticket becomes a console session and its stack. */
export async function exchangeSsoTicket(ticket: string) {
  const answer = await sendRequest({
    method: 'POST',
    path: authPaths.sso,
    body: { ticket },
    acceptLanguage: useLocaleStore.getState().locale,
  });
  return dataEnvelope(ssoResultSchema).parse(answer).data;
}
