import {
  dataEnvelope,
  recoveryCodesSchema,
  TwoFactorErrorCode,
  twoFactorEnrolmentSchema,
  twoFactorPaths,
  twoFactorRequirementSchema,
  twoFactorSigninResultSchema,
  twoFactorStatusSchema,
  type RecoveryCodes,
  type TwoFactorEnrolment,
  type TwoFactorRequirement,
  type TwoFactorSigninResult,
  type TwoFactorStatus,
} from '@agora/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
import { isHttpError } from '../../../core/http/http-error.ts';
import { sendRequest } from '../../../core/http/http-request.ts';
import { useLocaleStore } from '../../../core/locale/locale-store.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

/** The account screen of the second factor (a route of its own, outside the community areas). */
export const TWO_FACTOR_PATH = '/account/two_factor';

/** Query keys: the account's status, and each community's requirement (by internal_url). */
export const twoFactorKeys = {
  all: ['two-factor'] as const,
  status: () => [...twoFactorKeys.all, 'status'] as const,
  requirement: (internalUrl: string) => [...twoFactorKeys.all, 'requirement', internalUrl] as const,
};

export async function fetchTwoFactorStatus(): Promise<TwoFactorStatus> {
  return twoFactorStatusSchema.parse(await apiData<unknown>({ path: twoFactorPaths.status }));
}

export async function startEnrolment(): Promise<TwoFactorEnrolment> {
  return twoFactorEnrolmentSchema.parse(
    await apiData<unknown>({ method: 'POST', path: twoFactorPaths.enrol, body: {} }),
  );
}

export async function confirmEnrolment(code: string): Promise<RecoveryCodes> {
  return recoveryCodesSchema.parse(
    await apiData<unknown>({ method: 'POST', path: twoFactorPaths.confirm, body: { code } }),
  );
}

export async function regenerateRecoveryCodes(code: string): Promise<RecoveryCodes> {
  return recoveryCodesSchema.parse(
    await apiData<unknown>({ method: 'POST', path: twoFactorPaths.recoveryCodes, body: { code } }),
  );
}

export async function disableTwoFactor(code: string): Promise<void> {
  await apiData<unknown>({ method: 'POST', path: twoFactorPaths.disable, body: { code } });
}

export async function fetchRequirement(): Promise<TwoFactorRequirement> {
  return twoFactorRequirementSchema.parse(
    await apiData<unknown>({ target: 'stack', path: twoFactorPaths.requirement }),
  );
}

export async function saveRequirement(required: boolean): Promise<TwoFactorRequirement> {
  return twoFactorRequirementSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: twoFactorPaths.requirement,
      body: { required },
    }),
  );
}

/** The sign-in's second step (no token yet): the challenge and a code. */
export async function completeSignin(challenge: string, code: string): Promise<TwoFactorSigninResult> {
  const answer = await sendRequest({
    method: 'POST',
    path: twoFactorPaths.signin,
    body: { challenge, code },
    acceptLanguage: useLocaleStore.getState().locale,
  });
  return dataEnvelope(twoFactorSigninResultSchema).parse(answer).data;
}

export function hasErrorCode(error: unknown, code: string): boolean {
  return isHttpError(error) && error.parsed.codes.includes(code);
}

/** The message id of a failed second-factor call, or null for failures worded elsewhere. */
export function twoFactorErrorId(error: unknown): string | null {
  if (hasErrorCode(error, TwoFactorErrorCode.invalidCode)) return 'twoFactor.error.invalidCode';
  if (hasErrorCode(error, TwoFactorErrorCode.invalidChallenge)) return 'twoFactor.error.challengeExpired';
  if (hasErrorCode(error, TwoFactorErrorCode.alreadyEnabled)) return 'twoFactor.error.alreadyEnabled';
  if (hasErrorCode(error, TwoFactorErrorCode.notEnabled)) return 'twoFactor.error.notEnabled';
  if (hasErrorCode(error, 'throttled')) return 'twoFactor.error.throttled';
  if (isHttpError(error) && error.status === 400 && error.parsed.fieldErrors.code)
    return 'twoFactor.error.badFormat';
  return null;
}

export function useTwoFactorStatus() {
  const isLogged = useSessionStore((state) => state.isLogged);
  return useQuery({ queryKey: twoFactorKeys.status(), queryFn: fetchTwoFactorStatus, enabled: isLogged });
}

export function useTwoFactorRequirement() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: twoFactorKeys.requirement(internalUrl),
    queryFn: fetchRequirement,
    enabled: internalUrl !== '',
  });
}
