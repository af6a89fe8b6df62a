import { authPaths, dataEnvelope, signinAnswerSchema, type SigninBody } from '@agora/contract';
import { useMutation } from '@tanstack/react-query';
import { sendRequest } from '../../../core/http/http-request.ts';
import { useLocaleStore } from '../../../core/locale/locale-store.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';

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

/** Sends the password; the answer is a session or a second-factor challenge (nothing cached yet). */
export function useSigninMutation(
  callbacks: MutationCallbacks<Awaited<ReturnType<typeof requestSignin>>, SigninBody> = {},
) {
  return useMutation({
    mutationFn: requestSignin,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}
