import { authPaths, dataEnvelope, signinAnswerSchema, type SigninBody } from '@agora/contract';
import { sendRequest } from '../../../core/http/http-request.ts';
import { useLocaleStore } from '../../../core/locale/locale-store.ts';

/** POST auth/signin/ (form-urlencoded, no token yet): a session, or a second-factor challenge. */
export async function requestSignin(body: SigninBody) {
  const answer = await sendRequest({
    method: 'POST',
    path: authPaths.signin,
    body: { username: body.username, password: body.password },
    acceptLanguage: useLocaleStore.getState().locale,
  });
  return dataEnvelope(signinAnswerSchema).parse(answer).data;
}
