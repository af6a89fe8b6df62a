import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Kysely types of the tables this module owns: refresh tokens (their rotation), sign-in attempts (the throttle) and SSO tickets. */
export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface SignInAttemptsTable {
  id: Generated<number>;
  scope: 'account' | 'ip';
  key: string;
  succeeded: boolean;
  created_at: Timestamp;
}

export interface SsoTicketsTable {
  ticket_hash: string;
  stack_id: number;
  community_user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    refresh_tokens: RefreshTokensTable;
    sign_in_attempts: SignInAttemptsTable;
    sso_tickets: SsoTicketsTable;
  }
}
