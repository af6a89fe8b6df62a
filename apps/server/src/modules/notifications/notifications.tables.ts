import type { ColumnType, Generated } from 'kysely';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Kysely types of the members' notification tables (migration 0040), owned by this module. */
export interface MemberNotificationsTable {
  stack_id: number;
  id: Generated<number>;
  user_id: number;
  /** SelfCommunity's typology: the `notification.*` event's name without its prefix. */
  type: string;
  actor_id: number | null;
  contribution_type: 'post' | 'discussion' | 'status' | null;
  contribution_id: number | null;
  comment_id: number | null;
  data: ColumnType<unknown, string | undefined, string>;
  created_at: ColumnType<Date, Date | string, never>;
  seen_at: NullableTimestamp;
}

export interface MemberNotificationSettingsTable {
  stack_id: number;
  user_id: number;
  qa_frequency: number;
  email_notification_not_qa: number;
  mobile_notifications_scmty: number;
  show_toast_notifications: number;
  toast_notifications_emit_sound: number;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    member_notifications: MemberNotificationsTable;
    member_notification_settings: MemberNotificationSettingsTable;
  }
}
