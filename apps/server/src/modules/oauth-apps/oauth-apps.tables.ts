import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type JsonList = ColumnType<string[], string, string>;

/** Kysely types of the tables this module owns (migration 0036): a community's OAuth 2.0 apps. */
export interface OAuthAppsTable {
  stack_id: number;
  id: Generated<number>;
  client_id: string;
  client_type: 'public' | 'confidential';
  client_secret_hash: string | null;
  name: string;
  description: string;
  image: string;
  grant_types: JsonList;
  redirect_uris: JsonList;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One-time codes of the authorization code grant (PKCE S256 challenge, exact redirect URI). */
export interface OAuthAuthorizationCodesTable {
  code_hash: string;
  stack_id: number;
  app_id: number;
  user_id: number;
  redirect_uri: string;
  code_challenge: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  family_id: string | null;
  created_at: CreatedAt;
}

/** Client credentials tokens: they stand for the community itself, never a member. */
export interface OAuthAppTokensTable {
  token_hash: string;
  stack_id: number;
  app_id: number;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    oauth_apps: OAuthAppsTable;
    oauth_authorization_codes: OAuthAuthorizationCodesTable;
    oauth_app_tokens: OAuthAppTokensTable;
  }
}
