import { TwoFactorErrorCode } from '@agora/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hasErrorCode, twoFactorKeys } from './two-factor-api.ts';

/**
 * While mounted, a 403 `two_factor_required` from any community call, query or mutation (the rule
 * may have just been switched on), reloads the account's second-factor status.
 */
export function useReloadStatusOnRefusal(): void {
  const client = useQueryClient();
  useEffect(() => {
    const reload = (error: unknown) => {
      if (hasErrorCode(error, TwoFactorErrorCode.required)) {
        void client.invalidateQueries({ queryKey: twoFactorKeys.status() });
      }
    };
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') reload(event.action.error);
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') reload(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client]);
}
