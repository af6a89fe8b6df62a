import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Kysely types of the table this module owns (migration 0006): each member sign-in, desktop or app. */
export interface LoginsTable {
  stack_id: number;
  user_id: number;
  at: Timestamp;
  source: 'desktop' | 'app';
}

/** A one-time code an email carries (migration 0041): verification or password recovery, digest only. */
export interface MemberAccountCodesTable {
  code_hash: string;
  stack_id: number;
  user_id: number;
  purpose: 'verify_email' | 'password_reset';
  /** The address the code was sent to: verifying proves this one, not a later one. */
  email: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A member sign-in started from an owner's SSO JWT (migration 0041): never handed off to the console. */
export interface MemberSsoFamiliesTable {
  family_id: string;
  stack_id: number;
  created_at: CreatedAt;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    logins: LoginsTable;
    member_account_codes: MemberAccountCodesTable;
    member_sso_families: MemberSsoFamiliesTable;
  }
}
