import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** An account's TOTP secret (sealed); `enabled_at` null while the enrolment awaits its first code. */
export interface AccountTwoFactorTable {
  account_id: number;
  secret_sealed: string;
  enabled_at: Timestamp | null;
  /** The last accepted TOTP time step: a code of that step or an earlier one is refused (replay). */
  last_used_step: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One recovery code, as the SHA-256 of its normalised text; `used_at` set once it has served. */
export interface AccountRecoveryCodesTable {
  account_id: number;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** Between a correct password (or SSO ticket) and the code: one-time, short-lived, few attempts. */
export interface TwoFactorChallengesTable {
  token_hash: string;
  account_id: number;
  /** Set when the sign-in began with a community's SSO ticket: the session is bound to it. */
  stack_id: number | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A community's rule: every console staff member must have a second factor. */
export interface StackTwoFactorRequirementsTable {
  stack_id: number;
  required: boolean;
  updated_at: Timestamp;
  updated_by: number | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    account_two_factor: AccountTwoFactorTable;
    account_recovery_codes: AccountRecoveryCodesTable;
    two_factor_challenges: TwoFactorChallengesTable;
    stack_two_factor_requirements: StackTwoFactorRequirementsTable;
  }
}
