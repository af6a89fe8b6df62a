/**
 * Why a password is too weak (Django's validator codes, as SelfCommunity's clients know them). A module
 * of its own, without schemas, so the console's error wording does not pull in the member API's zod
 * schemas (ADR 0014).
 */
export const PASSWORD_WEAKNESS_CODES = [
  'password_too_common',
  'password_too_similar',
  'password_too_weak',
] as const;
export type PasswordWeaknessCode = (typeof PASSWORD_WEAKNESS_CODES)[number];
