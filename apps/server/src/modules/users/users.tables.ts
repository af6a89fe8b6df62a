import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

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
  /** Migration 0039: the member's language (their emails'); null: not known. */
  language: 'en' | 'it' | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    community_users: CommunityUsersTable;
  }
}
