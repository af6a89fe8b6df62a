import type { ColumnType, Generated } from 'kysely';
import type { BroadcastAudience, BroadcastLinkType, BroadcastStatus } from '@agora/contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Kysely types of the broadcast tables (migration 0032), owned by this module. */
export interface BroadcastMessagesTable {
  stack_id: number;
  id: Generated<number>;
  name: string;
  title: string;
  body_text: string;
  link_text: Generated<string>;
  link: Generated<string>;
  link_type: ColumnType<BroadcastLinkType, BroadcastLinkType | undefined, BroadcastLinkType>;
  open_in_new_tab: Generated<boolean>;
  image: string | null;
  audience: BroadcastAudience;
  audience_tags: ColumnType<number[], number[] | undefined, number[]>;
  status: ColumnType<BroadcastStatus, BroadcastStatus | undefined, BroadcastStatus>;
  scheduled_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  sender_id: number | null;
  sender_username: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: Timestamp;
}
export interface BroadcastMessageUsersTable {
  stack_id: number;
  broadcast_id: number;
  user_id: number;
}
export interface BroadcastBannerStatesTable {
  stack_id: number;
  broadcast_id: number;
  user_id: number;
  viewed_at: NullableTimestamp;
  disposed_at: NullableTimestamp;
}
export interface PushSubscriptionsTable {
  stack_id: number;
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
export interface PushVapidKeysTable {
  stack_id: number;
  public_key: string;
  private_key_sealed: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    broadcast_messages: BroadcastMessagesTable;
    broadcast_message_users: BroadcastMessageUsersTable;
    broadcast_banner_states: BroadcastBannerStatesTable;
    push_subscriptions: PushSubscriptionsTable;
    push_vapid_keys: PushVapidKeysTable;
  }
}
