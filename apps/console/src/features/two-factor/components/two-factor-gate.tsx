import { TwoFactorErrorCode } from '@agora/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useStackStore } from '../../../core/stack/stack-store.ts';
import { hasErrorCode, TWO_FACTOR_PATH, twoFactorKeys, useTwoFactorStatus } from '../api/two-factor-api.ts';

/**
 * Sends a staff member without a second factor to enrolment while the selected community requires
 * one. A 403 `two_factor_required` from any community call (the rule may have just been switched
 * on) reloads the account's status, which then shows whether to go.
 */
export function TwoFactorGate() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const stackId = useStackStore((state) => state.selected?.id);
  const status = useTwoFactorStatus();

  useEffect(() => {
    const refresh = (error: unknown) => {
      if (hasErrorCode(error, TwoFactorErrorCode.required)) {
        void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() });
      }
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') refresh(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') refresh(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);

  const blocked =
    status.data !== undefined &&
    !status.data.enabled &&
    stackId !== undefined &&
    status.data.required_by.some((community) => community.id === stackId);
  if (blocked && pathname !== TWO_FACTOR_PATH) return <Navigate to={TWO_FACTOR_PATH} replace />;
  return null;
}
