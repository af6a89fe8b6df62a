import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type BigId = ColumnType<number, number | bigint, number>;

/** Kysely types of the poll tables (migration 0015). */
export interface PollsTable {
  stack_id: number;
  contribution_id: BigId;
  title: Generated<string>;
  expiration_at: Timestamp | null;
  created_at: Timestamp;
}
export interface PollChoicesTable {
  stack_id: number;
  id: Generated<number>;
  contribution_id: BigId;
  position: number;
  choice: string;
  created_at: Timestamp;
}

/** Contents, comments, votes, poll votes, shares and views (migration 0006): members write them here. */
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
  /** Feed sort keys (migration 0025, ADR 0022), kept by the database on every vote and comment. */
  last_activity_at: ColumnType<Date, Date | string | undefined, Date | string>;
  relevance: ColumnType<number, number | undefined, number>;
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
  /** The reaction the vote carries (migration 0022); null for votes from before reactions. */
  reaction_id: ColumnType<number | null, number | null | undefined, number | null>;
}
export interface PollVotesTable {
  stack_id: number;
  contribution_id: number;
  user_id: number;
  choice: string;
  created_at: Timestamp;
}
export interface SharesTable {
  stack_id: number;
  /** Migration 0038: the id of the `share` media SelfCommunity's `POST /media/` answers. */
  id: Generated<string>;
  user_id: number;
  contribution_id: BigId;
  contribution_author_id: number;
  network: string;
  created_at: Timestamp;
}
export interface ViewsTable {
  stack_id: number;
  user_id: number;
  contribution_id: BigId;
  created_at: Timestamp;
}

/** The contents a member has seen in their feed (migration 0025): the feed's unseen count. */
export interface FeedSeenTable {
  stack_id: number;
  user_id: number;
  contribution_id: BigId;
  seen_at: Timestamp;
}

/** Members following a contribution (migration 0043): they hear of others' comments on it. */
export interface ContributionFollowsTable {
  stack_id: number;
  contribution_id: BigId;
  user_id: number;
  created_at: Timestamp;
}

/**
 * How many contributions a community holds per category (`category_key`, 0 for none), type and
 * status, kept by a trigger on `contributions` (migration 0047): the feeds' counts sum these rows.
 */
export interface ContributionTalliesTable {
  stack_id: number;
  category_key: number;
  type: string;
  status: string;
  n: BigId;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    contributions: ContributionsTable;
    comments: CommentsTable;
    votes: VotesTable;
    poll_votes: PollVotesTable;
    shares: SharesTable;
    views: ViewsTable;
    polls: PollsTable;
    poll_choices: PollChoicesTable;
    feed_seen: FeedSeenTable;
    contribution_follows: ContributionFollowsTable;
    contribution_tallies: ContributionTalliesTable;
  }
}
