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

/** Hub: console users. */
export interface AccountsTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  password_hash: string;
  email_is_verified: boolean;
  is_active: boolean;
  language: string;
  perms: ColumnType<string[], string, string>;
  professional_subscriptions: ColumnType<string[], string, string>;
  last_login: Timestamp | null;
  date_joined: CreatedAt;
}

export interface OAuthClientsTable {
  id: Generated<number>;
  client_id: string;
  name: string;
  is_confidential: Generated<boolean>;
  client_secret_hash: string | null;
  allowed_grants: ColumnType<string[], string | undefined, string>;
  created_at: CreatedAt;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    accounts: AccountsTable;
    oauth_clients: OAuthClientsTable;
    refresh_tokens: RefreshTokensTable;
    sign_in_attempts: SignInAttemptsTable;
    sso_tickets: SsoTicketsTable;
  }
}
