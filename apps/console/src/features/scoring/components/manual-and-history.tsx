import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { SCORE_ACTIONS, SCORING_MESSAGES, manualPointsError, type UserSearchResult } from '@agora/contract';
import { DateField } from '../../../core/forms/date-field.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { HISTORY_PAGE_SIZE, type HistoryFilters } from '../api/scoring-api.ts';
import { ACTION_LABELS, RULE_MESSAGES } from './action-labels.ts';
import {
  useAddManualScoreMutation,
  useMemberSearchQuery,
  useScoreHistoryQuery,
} from '../api/use-scoring-queries.ts';

/** Member search, manual points dialog and the member's history with filters. */
export function ManualAndHistory() {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [user, setUser] = useState<UserSearchResult | null>(null);
  const [filters, setFilters] = useState<HistoryFilters>({ action: '', from: '', to: '', offset: 0 });
  const [open, setOpen] = useState(false);
  const [points, setPoints] = useState('');
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);

  const found = useMemberSearchQuery(search);
  const history = useScoreHistoryQuery(user?.id ?? null, filters);

  const pointsValue = /^-?\d+$/.test(points.trim()) ? Number(points) : points;
  const pointsError = manualPointsError(pointsValue);
  const commentError = comment.trim() ? null : SCORING_MESSAGES.commentRequired;
  const add = useAddManualScoreMutation({
    onSuccess: () => {
      setOpen(false);
      setPoints('');
      setComment('');
      setTouched(false);
      notify({ messageId: 'scoring.manual.saved', variant: 'success' });
    },
    onError: () => notify({ messageId: 'scoring.error.generic', variant: 'error' }),
  });
  const text = (message: string | null) =>
    touched && message ? intl.formatMessage(RULE_MESSAGES[message] ?? { id: 'scoring.error.generic' }) : ' ';

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Autocomplete
          sx={{ minWidth: 260, flex: 1 }}
          options={found.data ?? []}
          getOptionLabel={(o) => o.username}
          filterOptions={(o) => o}
          value={user}
          onChange={(_e, value) => {
            setUser(value);
            setFilters({ action: '', from: '', to: '', offset: 0 });
          }}
          onInputChange={(_e, value) => setSearch(value)}
          noOptionsText={intl.formatMessage({ id: 'scoring.manual.noUsers' })}
          renderInput={(params) => (
            <TextField {...params} label={intl.formatMessage({ id: 'scoring.manual.searchUser' })} />
          )}
        />
        <Button variant="contained" disabled={!user} onClick={() => setOpen(true)}>
          <FormattedMessage id="scoring.manual.open" />
        </Button>
      </Box>

      {user && (
        <ListScaffold
          query={history}
          empty={history.data?.count === 0}
          errorText={<FormattedMessage id="scoring.history.loadError" />}
          emptyText={<FormattedMessage id="scoring.history.empty" />}
          filters={
            <>
              {history.data && (
                <FormattedMessage
                  id="scoring.history.title"
                  values={{ username: history.data.user.username, score: history.data.user.score }}
                />
              )}
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                <TextField
                  select
                  size="small"
                  sx={{ minWidth: 220 }}
                  label={intl.formatMessage({ id: 'scoring.history.action' })}
                  value={filters.action}
                  onChange={(e) => setFilters((f) => ({ ...f, action: e.target.value, offset: 0 }))}
                >
                  <MenuItem value="">
                    <FormattedMessage id="scoring.history.allActions" />
                  </MenuItem>
                  {[...SCORE_ACTIONS, 'manual' as const].map((a) => (
                    <MenuItem key={a} value={a}>
                      <FormattedMessage {...ACTION_LABELS[a]} />
                    </MenuItem>
                  ))}
                </TextField>
                {(['from', 'to'] as const).map((k) => (
                  <DateField
                    key={k}
                    size="small"
                    testId={`scoring-history-${k}`}
                    label={intl.formatMessage({
                      id: k === 'from' ? 'scoring.history.from' : 'scoring.history.to',
                    })}
                    value={filters[k]}
                    onChange={(day) => setFilters((f) => ({ ...f, [k]: day, offset: 0 }))}
                  />
                ))}
              </Box>
            </>
          }
          pager={
            <ListPager
              offset={filters.offset}
              pageSize={HISTORY_PAGE_SIZE}
              count={history.data?.count ?? 0}
              onOffset={(offset) => setFilters((f) => ({ ...f, offset }))}
              testId="score-history-pager"
            />
          }
        >
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>
                    <FormattedMessage id="scoring.history.date" />
                  </TableCell>
                  <TableCell align="right">
                    <FormattedMessage id="scoring.history.total" />
                  </TableCell>
                  <TableCell align="right">
                    <FormattedMessage id="scoring.history.points" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="scoring.history.action" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="scoring.history.note" />
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(history.data?.results ?? []).map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>
                      <FormattedDate value={row.at} dateStyle="short" timeStyle="short" />
                    </TableCell>
                    <TableCell align="right">{row.total_after}</TableCell>
                    <TableCell align="right">{row.points > 0 ? `+${row.points}` : row.points}</TableCell>
                    <TableCell>
                      {row.action in ACTION_LABELS ? (
                        <FormattedMessage {...ACTION_LABELS[row.action as keyof typeof ACTION_LABELS]} />
                      ) : (
                        row.action
                      )}
                    </TableCell>
                    <TableCell>{row.note}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </ListScaffold>
      )}

      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>
          <FormattedMessage id="scoring.manual.title" values={{ username: user?.username ?? '' }} />
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1, pt: '8px !important' }}>
          <TextField
            label={intl.formatMessage({ id: 'scoring.manual.points' })}
            value={points}
            onChange={(e) => setPoints(e.target.value)}
            error={touched && pointsError !== null}
            helperText={text(pointsError)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label={intl.formatMessage({ id: 'scoring.manual.comment' })}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            error={touched && commentError !== null}
            helperText={text(commentError)}
            multiline
            minRows={2}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>
            <FormattedMessage id="scoring.cancel" />
          </Button>
          <Button
            variant="contained"
            disabled={add.isPending}
            onClick={() => {
              setTouched(true);
              if (user && !pointsError && !commentError)
                add.mutate({ userId: user.id, points: Number(points), comment });
            }}
          >
            <FormattedMessage id="scoring.save" />
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
