import type { ColumnType, Generated } from 'kysely';
import type { LegalPolicy } from '@agora/contract';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Kysely types of the legal pages' tables (migration 0024). */
export interface LegalPagesTable {
  stack_id: number;
  id: Generated<number>;
  policy: LegalPolicy;
  created_at: Stamp;
}
export interface LegalPageVersionsTable {
  stack_id: number;
  id: Generated<number>;
  legal_page_id: number;
  label: string;
  html_body: string;
  valid_from: Date | null;
  valid_to: Date | null;
  /** Bumped by a force-accept: acceptances of an earlier round no longer count. */
  acceptance_round: Generated<number>;
  created_by: number | null;
  created_at: Stamp;
  updated_at: Stamp;
}
export interface LegalPageAcksTable {
  stack_id: number;
  id: Generated<number>;
  version_id: number;
  user_id: number;
  accepted_at: Date | null;
  not_accepted_at: Date | null;
  acceptance_round: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    legal_pages: LegalPagesTable;
    legal_page_versions: LegalPageVersionsTable;
    legal_page_acks: LegalPageAcksTable;
  }
}
