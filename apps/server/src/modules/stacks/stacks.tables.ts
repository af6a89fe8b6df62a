import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Hub: communities hosted by this deployment. */
export interface StacksTable {
  id: Generated<number>;
  slug: string;
  name: string;
  community_type: Generated<string>;
  status: Generated<string>;
  plan: Generated<string>;
  created_at: CreatedAt;
  /** The community's public OAuth client id for its members (created on first use). */
  member_client_id: string | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    stacks: StacksTable;
  }
}
