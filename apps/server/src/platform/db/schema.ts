import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** One sign-in: every access and refresh token it leads to shares the family and its absolute end. */
export interface TokenFamiliesTable {
  id: string;
  /** Set for a console account's sign-in; null for a member's (then member_* are set). */
  account_id: number | null;
  member_stack_id: number | null;
  member_user_id: number | null;
  /** A console sign-in handed off from this community: it reaches only this community (0016). */
  only_stack_id: number | null;
  client_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface AccessTokensTable {
  token_hash: string;
  family_id: string;
  account_id: number | null;
  client_id: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

/**
 * The tables the platform owns. Each module adds its own by augmenting this interface in
 * `modules/<area>/<area>.tables.ts` (the one place a table is declared, so it has one owner); the
 * platform declares here only what its own code reads: the token family and access token the bearer
 * check (`platform/auth/authenticate.ts`) looks up on every call (the auth module adds its own
 * `accounts` for `is_active`). The platform's other tables are declared beside their code (jobs,
 * audit, mail, rate limits: their own `.tables.ts`).
 */
export interface Database {
  token_families: TokenFamiliesTable;
  access_tokens: AccessTokensTable;
}
