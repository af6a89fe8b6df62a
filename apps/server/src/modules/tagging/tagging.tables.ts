import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Kysely types of the tagging tables: tags and user tags (migration 0006), the others (migration 0010). */
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
    tags: TagsTable;
    user_tags: UserTagsTable;
    category_tags: CategoryTagsTable;
    contribution_tags: ContributionTagsTable;
    tag_addressing: TagAddressingTable;
  }
}
