import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type BigId = ColumnType<number, number | bigint | undefined, number>;

/**
 * Kysely types of the activity tables (migration 0006) that no area writes yet: private messages and
 * uploads (the seed fills them; analytics reads them). Each other table of that migration is declared
 * by the module that writes it: categories by categories; contents, comments, votes, poll votes,
 * shares and views by member-content; connections, follows and interests by member-people; tags and
 * user tags by tagging; logins by member-auth.
 */
export interface PrivateMessagesTable {
  stack_id: number;
  sender_id: number;
  recipient_id: number;
  created_at: Timestamp;
}
export interface UploadsTable {
  stack_id: number;
  user_id: number;
  kind: 'image' | 'video' | 'document' | 'other';
  bytes: BigId;
  created_at: Timestamp;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    private_messages: PrivateMessagesTable;
    uploads: UploadsTable;
  }
}
