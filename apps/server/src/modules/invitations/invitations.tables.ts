import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Kysely types of the invitations tables (migration 0033), owned by this module. */
export interface InvitationsTable {
  stack_id: number;
  id: Generated<number>;
  name: Generated<string>;
  email: string;
  username: string;
  role: string | null;
  tag_ids: ColumnType<number[], number[] | undefined, number[]>;
  category_ids: ColumnType<number[], number[] | undefined, number[]>;
  code: string;
  status: Generated<'to_send' | 'sent' | 'used'>;
  send_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  used_at: NullableTimestamp;
  user_id: number | null;
}

export interface InvitationSendsTable {
  stack_id: number;
  id: Generated<number>;
  total: number;
  sent: Generated<number>;
  failed: Generated<number>;
  status: Generated<'running' | 'done'>;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    invitations: InvitationsTable;
    invitation_sends: InvitationSendsTable;
  }
}
