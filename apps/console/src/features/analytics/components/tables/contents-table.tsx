import type { DayRange } from '../../../../core/analytics/analytics-format.ts';
import { ExportButton } from '../exports/export-button.tsx';
import { AnalyticsTable, type TableColumn } from './analytics-table.tsx';
import { CellValue } from './cell-value.tsx';
import { CONTENT_TYPE_IDS, ValueLabel } from './value-label.tsx';

export const CONTENT_COLUMNS: TableColumn[] = [
  { key: 'title', labelId: 'analytics.col.title' },
  {
    key: 'type',
    labelId: 'analytics.col.type',
    render: (row) => <ValueLabel value={row.type} ids={CONTENT_TYPE_IDS} />,
  },
  {
    key: 'author',
    labelId: 'analytics.col.username',
    sortable: false,
    render: (row) => <CellValue value={(row.author as { username?: string } | null)?.username ?? null} />,
  },
  {
    key: 'category',
    labelId: 'analytics.col.category',
    sortable: false,
    render: (row) => <CellValue value={(row.category as { name?: string } | null)?.name ?? null} />,
  },
  { key: 'created_at', labelId: 'analytics.col.addedAt', type: 'time' },
  { key: 'comments', labelId: 'analytics.col.comments', type: 'number' },
  { key: 'appreciations', labelId: 'analytics.col.appreciations', type: 'number' },
  { key: 'views', labelId: 'analytics.col.views', type: 'number' },
  { key: 'shares', labelId: 'analytics.col.shares', type: 'number' },
  { key: 'votes_count', labelId: 'analytics.col.votesCount', type: 'number' },
  { key: 'multiple_choices', labelId: 'analytics.col.multipleChoices', sortable: false },
];

/** Analytics by content; each row can export its thread (the content with its comments). */
export function ContentsTable({ range, ordering }: { range: DayRange; ordering?: string }) {
  const [from, to] = range;
  return (
    <AnalyticsTable
      key={ordering}
      defaultOrdering={ordering}
      kind="contributions"
      testId="contents-table"
      columns={CONTENT_COLUMNS}
      range={{ from, to }}
      actions={() => <ExportButton request={{ type: 'contributions', from, to }} testId="export-contents" />}
      rowActions={(row) => (
        <ExportButton
          request={{ type: 'thread', contribution_id: row.id }}
          size="small"
          labelId="analytics.export.thread"
          testId={`export-thread-${row.id}`}
        />
      )}
    />
  );
}
