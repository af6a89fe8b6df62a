import { Navigate, useLocation } from 'react-router';
import { useStackStore } from '../../../core/stack/stack-store.ts';
import { TWO_FACTOR_PATH, useTwoFactorStatus } from '../api/two-factor-api.ts';
import { useReloadStatusOnRefusal } from '../api/use-reload-status-on-refusal.ts';

/**
 * Sends a staff member without a second factor to enrolment while the selected community requires
 * one. A 403 `two_factor_required` from any community call (the rule may have just been switched
 * on) reloads the account's status, which then shows whether to go.
 */
export function TwoFactorGate() {
  const { pathname } = useLocation();
  const stackId = useStackStore((state) => state.selected?.id);
  const status = useTwoFactorStatus();
  useReloadStatusOnRefusal();

  const blocked =
    status.data !== undefined &&
    !status.data.enabled &&
    stackId !== undefined &&
    status.data.required_by.some((community) => community.id === stackId);
  if (blocked && pathname !== TWO_FACTOR_PATH) return <Navigate to={TWO_FACTOR_PATH} replace />;
  return null;
}
