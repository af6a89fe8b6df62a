import type {
  RecoveryCodes,
  TwoFactorEnrolment,
  TwoFactorRequirement,
  TwoFactorSigninResult,
} from '@agora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import {
  completeSignin,
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  saveRequirement,
  startEnrolment,
  twoFactorKeys,
} from './two-factor-api.ts';

/**
 * A mutation that changes the account's or the community's second factor: after it succeeds every
 * two-factor answer (the account's status, the community's requirement) is refetched.
 */
function useTwoFactorChange<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  callbacks: MutationCallbacks<TData, TVariables>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, variables) => {
      void client.invalidateQueries({ queryKey: twoFactorKeys.all });
      callbacks.onSuccess?.(data, variables);
    },
    onError: callbacks.onError,
  });
}

/** Starts an enrolment (a new secret and QR code); nothing changes until it is confirmed. */
export function useStartEnrolmentMutation(callbacks: MutationCallbacks<TwoFactorEnrolment, void> = {}) {
  return useMutation({
    mutationFn: startEnrolment,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}

export function useConfirmEnrolmentMutation(callbacks: MutationCallbacks<RecoveryCodes, string> = {}) {
  return useTwoFactorChange(confirmEnrolment, callbacks);
}

export function useRegenerateRecoveryCodesMutation(callbacks: MutationCallbacks<RecoveryCodes, string> = {}) {
  return useTwoFactorChange(regenerateRecoveryCodes, callbacks);
}

export function useDisableTwoFactorMutation(callbacks: MutationCallbacks<void, string> = {}) {
  return useTwoFactorChange(disableTwoFactor, callbacks);
}

export function useSaveRequirementMutation(callbacks: MutationCallbacks<TwoFactorRequirement, boolean> = {}) {
  return useTwoFactorChange(saveRequirement, callbacks);
}

/** The sign-in's second step (no session yet, so nothing cached to refresh). */
export function useCompleteSigninMutation(
  challenge: string,
  callbacks: MutationCallbacks<TwoFactorSigninResult, string> = {},
) {
  return useMutation({
    mutationFn: (code: string) => completeSignin(challenge, code),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}
