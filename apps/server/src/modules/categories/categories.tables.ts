import type { ColumnType, Generated } from 'kysely';
import type { CategoryAutoFollow, CategoryContentSorting, CategoryImagePosition } from '@agora/contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * A community's categories (migration 0006, grown by 0021 into spec mgmt §3's category). The
 * categories module owns the table; other modules ask `categories.repository.ts` or compose
 * `category-rows.repository.ts`.
 */
export interface CategoriesTable {
  stack_id: number;
  id: Generated<number>;
  name: string;
  name_synonyms: ColumnType<string, string | undefined, string>;
  slug: string;
  slogan: ColumnType<string, string | undefined, string>;
  seo_title: ColumnType<string, string | undefined, string>;
  seo_description: ColumnType<string, string | undefined, string>;
  image_url: ColumnType<string | null, string | null | undefined, string | null>;
  image_position: ColumnType<CategoryImagePosition, CategoryImagePosition | undefined, CategoryImagePosition>;
  thumbnail_url: ColumnType<string | null, string | null | undefined, string | null>;
  auto_follow: ColumnType<CategoryAutoFollow, CategoryAutoFollow | undefined, CategoryAutoFollow>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  /** The manual order (1 first); the API calls it `order`. */
  position: ColumnType<number, number | undefined, number>;
  content_only_staff: ColumnType<boolean, boolean | undefined, boolean>;
  stream_order_by: ColumnType<
    CategoryContentSorting,
    CategoryContentSorting | undefined,
    CategoryContentSorting
  >;
  deleted: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    categories: CategoriesTable;
  }
}
