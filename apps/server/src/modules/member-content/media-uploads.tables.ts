import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type BigId = ColumnType<number, number | bigint, number>;

/** Members' uploaded images (migration 0044); attached to a contribution once it is published. */
export interface MemberMediaTable {
  stack_id: number;
  id: Generated<number>;
  user_id: number;
  contribution_id: BigId | null;
  position: Generated<number>;
  title: Generated<string>;
  hash: string;
  extension: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  url: string;
  created_at: Timestamp;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    member_media: MemberMediaTable;
  }
}
