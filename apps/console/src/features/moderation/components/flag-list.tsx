import { MODERATION_CONTENT_TYPES, MODERATION_STATUSES, type FlaggedContent } from '@agora/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { PAGE_SIZE, type FlagFilters } from '../api/moderation-api.ts';
import { useFlagsQuery } from '../api/use-moderation-queries.ts';
import { AnyOfFilter } from './any-of-filter.tsx';
import { ContentTypeLabel, FlaggedBy, ReasonChips, StatusChip, StatusLabel } from './flag-labels.tsx';

/** Flagged contents with filters on status and content type (spec mgmt §2). */
export function FlagList() {
  const [filters, setFilters] = useState<FlagFilters>({ status: 'open', contentType: '', page: 0 });
  const query = useFlagsQuery(filters);

  return (
    <ListScaffold
      testId="flag-list"
      query={query}
      empty={query.data?.results.length === 0}
      errorText={<FormattedMessage id="moderation.error.generic" />}
      emptyText={<FormattedMessage id="moderation.empty" />}
      filters={
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <AnyOfFilter
            labelId="moderation.filter.status"
            value={filters.status}
            options={MODERATION_STATUSES}
            render={(status) => <StatusLabel status={status} />}
            onChange={(status) => setFilters({ ...filters, status, page: 0 })}
          />
          <AnyOfFilter
            labelId="moderation.filter.type"
            value={filters.contentType}
            options={MODERATION_CONTENT_TYPES}
            render={(type) => <ContentTypeLabel type={type} />}
            onChange={(contentType) => setFilters({ ...filters, contentType, page: 0 })}
          />
        </Box>
      }
      pager={
        <ListPager
          offset={filters.page * PAGE_SIZE}
          pageSize={PAGE_SIZE}
          count={query.data?.count ?? 0}
          onOffset={(offset) => setFilters({ ...filters, page: offset / PAGE_SIZE })}
          testId="flags-pager"
        />
      }
    >
      {query.data?.results.map((item) => (
        <FlagRow key={`${item.content_type}-${item.content_id}`} item={item} />
      ))}
    </ListScaffold>
  );
}

function FlagRow({ item }: { item: FlaggedContent }) {
  return (
    <Paper
      variant="outlined"
      component={Link}
      to={`${item.content_type}/${item.content_id}`}
      data-testid="flag-row"
      sx={{ p: 2, display: 'grid', gap: 1, textDecoration: 'none', color: 'inherit', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">
          <ContentTypeLabel type={item.content_type} /> #{item.content_id}
        </Typography>
        <StatusChip status={item.status} />
        <Chip
          size="small"
          variant="outlined"
          label={<FormattedMessage id="moderation.flagCount" values={{ count: item.flag_count }} />}
        />
      </Box>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{item.excerpt}</Typography>
      <ReasonChips reasons={item.reasons} />
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage
          id="moderation.row.meta"
          values={{
            author: item.author?.username ?? '—',
            flaggers: <FlaggedBy names={item.flagged_by} />,
            date: <FormattedDate value={item.last_flagged_at} dateStyle="medium" timeStyle="short" />,
          }}
        />
      </Typography>
    </Paper>
  );
}
