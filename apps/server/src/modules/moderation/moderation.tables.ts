import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type BigId = ColumnType<number, number | bigint, number>;

/** Kysely types of the moderation tables (migration 0012). */
export interface FlagsTable {
  stack_id: number;
  id: Generated<number>;
  content_type: 'discussion' | 'post' | 'status' | 'comment' | 'poll';
  content_id: BigId;
  author_id: number;
  flagged_by: number | null;
  by_bot: Generated<boolean>;
  reason: 'spam' | 'aggressive' | 'vulgar' | 'poor_content' | 'offtopic';
  created_at: Timestamp;
}
export interface ContentModerationTable {
  stack_id: number;
  content_type: 'discussion' | 'post' | 'status' | 'comment' | 'poll';
  content_id: BigId;
  status: Generated<'open' | 'hidden' | 'deleted' | 'ignored'>;
  moderator_id: number | null;
  motivation: 'spam' | 'aggressive' | 'vulgar' | 'poor_content' | 'offtopic' | null;
  last_moderated_at: Timestamp | null;
}
export interface ModerationBotSettingsTable {
  stack_id: number;
  enabled: Generated<boolean>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    flags: FlagsTable;
    content_moderation: ContentModerationTable;
    moderation_bot_settings: ModerationBotSettingsTable;
  }
}
