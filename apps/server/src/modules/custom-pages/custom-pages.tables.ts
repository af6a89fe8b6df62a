import type { ColumnType, Generated } from 'kysely';
import type { ErrorPageKind } from '@agora/contract';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Kysely types of the general pages' and error pages' tables (migration 0027). */
export interface CustomPagesTable {
  stack_id: number;
  id: Generated<number>;
  title: string;
  slug: string;
  label: string;
  alternative_url: string | null;
  html_body: string;
  active: boolean;
  created_by: number | null;
  created_at: Stamp;
  updated_by: number | null;
  updated_by_username: string | null;
  updated_at: Stamp;
}
export interface ErrorPagesTable {
  stack_id: number;
  kind: ErrorPageKind;
  html_body: string;
  updated_by: number | null;
  updated_by_username: string | null;
  updated_at: Stamp;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    custom_pages: CustomPagesTable;
    error_pages: ErrorPagesTable;
  }
}
