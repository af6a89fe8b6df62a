import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type BigId = ColumnType<number, number | bigint | undefined, number>;

/** Kysely types of the activity tables (migration 0006). */
export interface CategoriesTable {
  stack_id: number;
  id: Generated<number>;
  name: string;
  slug: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
export interface LoginsTable {
  stack_id: number;
  user_id: number;
  at: Timestamp;
  source: 'desktop' | 'app';
}
export interface ContributionsTable {
  stack_id: number;
  id: Generated<number>;
  type: 'discussion' | 'post' | 'status' | 'poll';
  author_id: number;
  category_id: number | null;
  title: string;
  body: string;
  status: Generated<string>;
  multiple_choices: Generated<boolean>;
  created_at: Timestamp;
}
export interface PollVotesTable {
  stack_id: number;
  contribution_id: number;
  user_id: number;
  choice: string;
  created_at: Timestamp;
}
export interface CommentsTable {
  stack_id: number;
  id: Generated<number>;
  contribution_id: number;
  parent_id: number | null;
  author_id: number;
  body: string;
  status: Generated<string>;
  created_at: Timestamp;
}
export interface VotesTable {
  stack_id: number;
  user_id: number;
  target_type: 'contribution' | 'comment';
  target_id: BigId;
  target_author_id: number;
  contribution_id: BigId;
  created_at: Timestamp;
}
export interface SharesTable {
  stack_id: number;
  user_id: number;
  contribution_id: BigId;
  contribution_author_id: number;
  network: string;
  created_at: Timestamp;
}
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
export interface PrivateMessagesTable {
  stack_id: number;
  sender_id: number;
  recipient_id: number;
  created_at: Timestamp;
}
export interface ViewsTable {
  stack_id: number;
  user_id: number;
  contribution_id: BigId;
  created_at: Timestamp;
}
export interface UploadsTable {
  stack_id: number;
  user_id: number;
  kind: 'image' | 'video' | 'document' | 'other';
  bytes: BigId;
  created_at: Timestamp;
}
export interface InterestsTable {
  stack_id: number;
  user_id: number;
  category_id: number;
  created_at: Timestamp;
}
export interface TagsTable {
  stack_id: number;
  id: Generated<number>;
  type: 'user' | 'category' | 'thread';
  name: string;
  description: Generated<string>;
  color: Generated<string>;
  visible: Generated<boolean>;
  visibility_boost: Generated<boolean>;
  active: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
export interface UserTagsTable {
  stack_id: number;
  user_id: number;
  tag_id: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    categories: CategoriesTable;
    logins: LoginsTable;
    contributions: ContributionsTable;
    poll_votes: PollVotesTable;
    comments: CommentsTable;
    votes: VotesTable;
    shares: SharesTable;
    connections: ConnectionsTable;
    follows: FollowsTable;
    private_messages: PrivateMessagesTable;
    views: ViewsTable;
    uploads: UploadsTable;
    interests: InterestsTable;
    tags: TagsTable;
    user_tags: UserTagsTable;
  }
}
