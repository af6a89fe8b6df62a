import {
  USER_MODERATION_ORDERINGS,
  USER_MODERATION_STATUSES,
  type ModeratedUser,
  type UserModerationOrdering,
} from '@agora/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';

import { RoleLabel } from '../../../core/roles/role-label.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { USERS_PAGE_SIZE, type UserFilters } from '../api/user-moderation-api.ts';
import { useModeratedUsersQuery } from '../api/use-moderation-queries.ts';
import { BanEnd, StandingChip, StandingLabel } from './user-moderation-labels.tsx';
import { UserModerationDialog } from './user-moderation-dialog.tsx';
import { AnyOfFilter } from './any-of-filter.tsx';

const ORDERING_IDS: Record<UserModerationOrdering, { id: string }> = {
  '-registered': { id: 'moderation.users.order.newest' },
  registered: { id: 'moderation.users.order.oldest' },
  username: { id: 'moderation.users.order.usernameAsc' },
  '-username': { id: 'moderation.users.order.usernameDesc' },
  '-last_visit': { id: 'moderation.users.order.lastVisit' },
  last_visit: { id: 'moderation.users.order.lastVisitOldest' },
  '-score': { id: 'moderation.users.order.scoreDesc' },
  score: { id: 'moderation.users.order.scoreAsc' },
  '-flags_received': { id: 'moderation.users.order.flagsDesc' },
  flags_received: { id: 'moderation.users.order.flagsAsc' },
  ban_until: { id: 'moderation.users.order.banEndSoonest' },
  '-ban_until': { id: 'moderation.users.order.banEndLatest' },
};

/** Users moderation (spec mgmt §2 "Moderated user"): members with their data, filters and actions. */
export function UserModerationList() {
  const intl = useIntl();
  const [filters, setFilters] = useState<UserFilters>({
    search: '',
    status: '',
    ordering: '-registered',
    page: 0,
  });
  const [searchText, setSearchText] = useState('');
  const [selected, setSelected] = useState<ModeratedUser | null>(null);
  // The search follows the typing after a short pause.
  useEffect(() => {
    const timer = setTimeout(
      () => setFilters((f) => (f.search === searchText ? f : { ...f, search: searchText, page: 0 })),
      300,
    );
    return () => clearTimeout(timer);
  }, [searchText]);
  const query = useModeratedUsersQuery(filters);

  return (
    <>
      <ListScaffold
        testId="user-moderation-list"
        query={query}
        empty={query.data?.results.length === 0}
        errorText={<FormattedMessage id="moderation.error.generic" />}
        emptyText={<FormattedMessage id="moderation.users.empty" />}
        filters={
          <>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <TextField
                size="small"
                type="search"
                sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: 360 }}
                label={intl.formatMessage({ id: 'moderation.users.search' })}
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
              />
              <AnyOfFilter
                labelId="moderation.filter.status"
                value={filters.status}
                options={USER_MODERATION_STATUSES}
                render={(status) => <StandingLabel status={status} />}
                onChange={(status) => setFilters({ ...filters, status, page: 0 })}
              />
              <TextField
                select
                size="small"
                sx={{ minWidth: 220 }}
                label={intl.formatMessage({ id: 'moderation.users.orderBy' })}
                value={filters.ordering}
                onChange={(e) =>
                  setFilters({ ...filters, ordering: e.target.value as UserModerationOrdering, page: 0 })
                }
              >
                {USER_MODERATION_ORDERINGS.map((o) => (
                  <MenuItem key={o} value={o}>
                    <FormattedMessage {...ORDERING_IDS[o]} />
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            {query.data && (
              <Typography variant="body2" color="text.secondary">
                <FormattedMessage id="moderation.users.count" values={{ count: query.data.count }} />
              </Typography>
            )}
          </>
        }
        pager={
          <ListPager
            offset={filters.page * USERS_PAGE_SIZE}
            pageSize={USERS_PAGE_SIZE}
            count={query.data?.count ?? 0}
            onOffset={(offset) => setFilters({ ...filters, page: offset / USERS_PAGE_SIZE })}
            testId="users-pager"
          />
        }
      >
        {query.data?.results.map((user) => (
          <UserRow key={user.id} user={user} onModerate={() => setSelected(user)} />
        ))}
      </ListScaffold>
      {selected && <UserModerationDialog user={selected} onClose={() => setSelected(null)} />}
    </>
  );
}

const COUNTERS = [
  ['flags_received', 'moderation.users.field.flagsReceived'],
  ['flags_created', 'moderation.users.field.flagsCreated'],
  ['followers', 'moderation.users.field.followers'],
  ['followings', 'moderation.users.field.followings'],
  ['posts', 'moderation.users.field.posts'],
  ['discussions', 'moderation.users.field.discussions'],
  ['statuses', 'moderation.users.field.statuses'],
  ['polls', 'moderation.users.field.polls'],
  ['score', 'moderation.users.field.score'],
] as const;

function UserRow({ user, onModerate }: { user: ModeratedUser; onModerate: () => void }) {
  return (
    <Paper variant="outlined" data-testid="user-row" sx={{ p: 2, display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {user.username}
          </Typography>
          <StandingChip status={user.status} />
          {user.role && <Chip size="small" variant="outlined" label={<RoleLabel role={user.role} />} />}
          <Chip
            size="small"
            variant="outlined"
            color={user.email_validated ? 'success' : 'default'}
            label={
              <FormattedMessage
                id={
                  user.email_validated
                    ? 'moderation.users.emailValidated'
                    : 'moderation.users.emailNotValidated'
                }
              />
            }
          />
        </Box>
        <Button size="small" variant="outlined" onClick={onModerate} sx={{ flexShrink: 0 }}>
          <FormattedMessage id="moderation.users.moderate" />
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {user.email && <>{user.email} · </>}
        <FormattedMessage
          id="moderation.users.row.dates"
          values={{
            registered: <FormattedDate value={user.registered} dateStyle="medium" />,
            lastVisit: user.last_visit ? (
              <FormattedDate value={user.last_visit} dateStyle="medium" timeStyle="short" />
            ) : (
              '—'
            ),
          }}
        />
        {user.status === 'banned' && (
          <>
            {' · '}
            <BanEnd until={user.ban_until} />
          </>
        )}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
          gap: 1,
        }}
      >
        {COUNTERS.map(([key, id]) => (
          <Box key={key} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              <FormattedMessage id={id} />
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontWeight: 500 }}
              data-testid={`user-${key}`}
            >
              {user[key]}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
