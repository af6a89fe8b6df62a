import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A member asked another to connect (migration 0014); accepting turns it into a `connections` row. */
export interface ConnectionRequestsTable {
  stack_id: number;
  from_id: number;
  to_id: number;
  created_at: Timestamp;
}

/** Connections, follows and interests (migration 0006): members make and drop them here. */
export interface ConnectionsTable {
  stack_id: number;
  user_a: number;
  user_b: number;
  created_at: Timestamp;
}
export interface FollowsTable {
  stack_id: number;
  follower_id: number;
  followed_id: number;
  created_at: Timestamp;
}
export interface InterestsTable {
  stack_id: number;
  user_id: number;
  category_id: number;
  created_at: Timestamp;
}

/** A member hid another (migration 0042): their contents leave the member's feeds. */
export interface HiddenMembersTable {
  stack_id: number;
  user_id: number;
  hidden_id: number;
  created_at: Timestamp;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    connections: ConnectionsTable;
    follows: FollowsTable;
    interests: InterestsTable;
    connection_requests: ConnectionRequestsTable;
    hidden_members: HiddenMembersTable;
  }
}
