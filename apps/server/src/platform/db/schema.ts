import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

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

/** Hub: communities hosted by this deployment. */
export interface StacksTable {
  id: Generated<number>;
  slug: string;
  name: string;
  community_type: Generated<string>;
  status: Generated<string>;
  plan: Generated<string>;
  created_at: CreatedAt;
  /** The community's public OAuth client id for its members (created on first use). */
  member_client_id: string | null;
}

/** A community's users; `role` set means staff; `account_id` links a staff user to its console account. */
export interface CommunityUsersTable {
  stack_id: number;
  id: Generated<number>;
  account_id: number | null;
  username: string;
  email: Generated<string>;
  role: string | null;
  created_at: CreatedAt;
  real_name: Generated<string>;
  registered_from: Generated<string>;
  device: Generated<string>;
  status: Generated<string>;
  last_login: Timestamp | null;
  score: Generated<number>;
  /** A member's own password (null: signs in through SSO/JWT or, for staff, with the console account). */
  password_hash: string | null;
  email_validated: Generated<boolean>;
  ext_id: string | null;
  bio: Generated<string>;
  deleted_at: Timestamp | null;
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

export interface StackSecretsTable {
  stack_id: number;
  name: string;
  sealed: string;
  updated_at: Timestamp;
}

export interface Database {
  accounts: AccountsTable;
  stacks: StacksTable;
  community_users: CommunityUsersTable;
  oauth_clients: OAuthClientsTable;
  token_families: TokenFamiliesTable;
  access_tokens: AccessTokensTable;
  stack_secrets: StackSecretsTable;
}
