import type { ColumnType, Generated } from 'kysely';
import '../activity/activity.tables.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Kysely types of the tagging tables (migration 0010); tags and user_tags are in activity.tables.ts. */
export interface CategoryTagsTable {
  stack_id: number;
  category_id: number;
  tag_id: number;
  created_at: CreatedAt;
}
export interface ContributionTagsTable {
  stack_id: number;
  contribution_id: number;
  tag_id: number;
  ordering: Generated<number>;
  created_at: CreatedAt;
}
export interface TagAddressingTable {
  stack_id: number;
  id: Generated<number>;
  user_tag_from: number;
  actions: string[];
  user_tag_to: number[];
  created_at: CreatedAt;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    category_tags: CategoryTagsTable;
    contribution_tags: ContributionTagsTable;
    tag_addressing: TagAddressingTable;
  }
}
