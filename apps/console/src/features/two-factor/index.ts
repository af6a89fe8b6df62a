/**
 * What the rest of the console uses from two-step verification: the code step of sign-in and SSO
 * (loaded when a challenge arrives), the gate and account-menu link of the layout, and the community
 * requirement card of the staff screen. Other features and app/ import this file only.
 */
export { isTwoFactorChallenge } from '@agora/contract';
export { TWO_FACTOR_PATH } from './api/two-factor-api.ts';
export { LazyCodeStepForm as CodeStepForm } from './components/lazy-code-step-form.tsx';
export { TwoFactorGate } from './components/two-factor-gate.tsx';
export { TwoFactorRequirementCard } from './components/two-factor-requirement-card.tsx';
