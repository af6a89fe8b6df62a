import type { DayRange } from '../../../../core/analytics/analytics-format.ts';
import { ExportButton } from '../exports/export-button.tsx';
import { AnalyticsTable, type TableColumn } from './analytics-table.tsx';

export const CATEGORY_COLUMNS: TableColumn[] = [
  { key: 'name', labelId: 'analytics.col.name' },
  { key: 'created_at', labelId: 'analytics.col.addedAt', type: 'time' },
  { key: 'contributions', labelId: 'analytics.col.contents', type: 'number' },
  { key: 'contributors', labelId: 'analytics.col.contributors', type: 'number' },
  { key: 'comments', labelId: 'analytics.col.comments', type: 'number' },
  { key: 'appreciations', labelId: 'analytics.col.appreciations', type: 'number' },
  { key: 'shares', labelId: 'analytics.col.shares', type: 'number' },
  { key: 'views', labelId: 'analytics.col.views', type: 'number' },
  { key: 'followers', labelId: 'analytics.col.followers', type: 'number' },
];

/** Analytics by category, with an export of the table. */
export function CategoriesTable({ range }: { range: DayRange }) {
  const [from, to] = range;
  return (
    <AnalyticsTable
      kind="categories"
      testId="categories-table"
      columns={CATEGORY_COLUMNS}
      range={{ from, to }}
      actions={() => <ExportButton request={{ type: 'categories', from, to }} testId="export-categories" />}
    />
  );
}
