import type { TwoFactorChallenge } from '@agora/contract';

/**
 * What sign-in asks of the second factor (the two-factor module answers; app.ts wires it): after a
 * correct password or SSO ticket, a one-time challenge instead of a session when the account has one.
 */
export interface SecondFactorGate {
  /** `stackId` is the community an SSO ticket came from: the finished session is bound to it. */
  challengeIfEnabled(accountId: number, stackId: number | null): Promise<TwoFactorChallenge | undefined>;
  isEnabled(accountId: number): Promise<boolean>;
}
