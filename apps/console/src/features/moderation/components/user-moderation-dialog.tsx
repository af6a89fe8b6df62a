import {
  BAN_DAYS_MAX,
  USER_MODERATION_STATUSES,
  type ModeratedUser,
  type UserModerationStatus,
} from '@agora/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';

import type { UserChange } from '../api/user-moderation-api.ts';
import { useAddUserScoreMutation, useChangeModeratedUserMutation } from '../api/use-moderation-queries.ts';
import {
  BanEnd,
  StandingChip,
  StandingLabel,
  userErrorId,
  userFieldErrorText,
} from './user-moderation-labels.tsx';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';

const DEFAULT_BAN_DAYS = '7';
const DAY_MS = 86_400_000;

/** The length of the current ban in days, when it has an end. */
function banLength(user: ModeratedUser): string | null {
  if (!user.ban_start || !user.ban_until) return null;
  const days = Math.round((Date.parse(user.ban_until) - Date.parse(user.ban_start)) / DAY_MS);
  return days >= 1 ? String(days) : null;
}

/**
 * Moderate one member: change the status (a ban forever or for N days, a soft deletion, or the GDPR
 * full deletion after a confirmation), the email validation, and add or subtract score points.
 */
export function UserModerationDialog({
  user: initial,
  onClose,
}: {
  user: ModeratedUser;
  onClose: () => void;
}) {
  const intl = useIntl();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [user, setUser] = useState(initial);
  const startStatus = (USER_MODERATION_STATUSES as readonly string[]).includes(user.status)
    ? (user.status as UserModerationStatus)
    : '';
  const [status, setStatus] = useState<UserModerationStatus | ''>(startStatus);
  const [banMode, setBanMode] = useState<'forever' | 'days'>(user.ban_until ? 'days' : 'forever');
  const [days, setDays] = useState(() => banLength(user) ?? DEFAULT_BAN_DAYS);
  const [banTouched, setBanTouched] = useState(false);
  const [emailValidated, setEmailValidated] = useState(user.email_validated);
  const [confirmErase, setConfirmErase] = useState(false);
  const [points, setPoints] = useState('');
  const [comment, setComment] = useState('');
  const [scoreTried, setScoreTried] = useState(false);
  const erased = user.status === 'fully_deleted';

  const change = useChangeModeratedUserMutation(user.id, {
    onSuccess: (next) => {
      setUser(next);
      notify({ messageId: 'moderation.users.notice.saved', variant: 'success' });
      onClose();
    },
    onError: (error) => {
      if (!userFieldErrorText(intl, error, 'days'))
        notify({ messageId: userErrorId(error), variant: 'error' });
    },
  });
  const score = useAddUserScoreMutation(user, {
    onSuccess: (next) => {
      setUser(next);
      setPoints('');
      setComment('');
      setScoreTried(false);
      notify({ messageId: 'moderation.users.notice.score', variant: 'success' });
    },
    onError: (error) => {
      if (!userFieldErrorText(intl, error, 'points') && !userFieldErrorText(intl, error, 'comment')) {
        notify({ messageId: userErrorId(error), variant: 'error' });
      }
    },
  });

  const daysNumber = Number(days);
  const daysValid =
    banMode === 'forever' || (Number.isInteger(daysNumber) && daysNumber >= 1 && daysNumber <= BAN_DAYS_MAX);
  const statusChanged = status !== '' && (status !== startStatus || (status === 'banned' && banTouched));
  const dirty = statusChanged || emailValidated !== user.email_validated;
  const daysError =
    status === 'banned' && !daysValid
      ? intl.formatMessage({ id: 'moderation.users.error.days' })
      : userFieldErrorText(intl, change.error, 'days');
  const pointsNumber = Number(points);
  const pointsValid = points.trim() !== '' && Number.isInteger(pointsNumber) && pointsNumber !== 0;
  const pointsError =
    (scoreTried && !pointsValid ? intl.formatMessage({ id: 'moderation.users.error.points' }) : null) ??
    userFieldErrorText(intl, score.error, 'points');
  const commentError =
    (scoreTried && comment.trim() === ''
      ? intl.formatMessage({ id: 'moderation.users.error.comment' })
      : null) ?? userFieldErrorText(intl, score.error, 'comment');

  const body = (): UserChange => ({
    ...(statusChanged ? { status: status as UserModerationStatus } : {}),
    ...(statusChanged && status === 'banned' && banMode === 'days' ? { days: daysNumber } : {}),
    ...(emailValidated !== user.email_validated ? { email_validated: emailValidated } : {}),
  });
  const save = () => {
    if (!dirty || (status === 'banned' && !daysValid)) return;
    if (statusChanged && status === 'fully_deleted') setConfirmErase(true);
    else change.mutate(body());
  };
  const applyScore = () => {
    setScoreTried(true);
    if (pointsValid && comment.trim() !== '')
      score.mutate({ points: Number(points), comment: comment.trim() });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={narrow}
      fullWidth
      maxWidth="sm"
      aria-labelledby="user-moderation-title"
    >
      <DialogTitle
        id="user-moderation-title"
        sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          <FormattedMessage id="moderation.users.dialog.title" values={{ username: user.username }} />
        </Box>
        <StandingChip status={user.status} />
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }} data-testid="user-moderation-dialog">
        {user.status === 'banned' && (
          <Typography variant="body2" color="text.secondary">
            <BanEnd until={user.ban_until} />
          </Typography>
        )}
        {erased ? (
          <Alert severity="info">
            <FormattedMessage id="moderation.users.error.erased" />
          </Alert>
        ) : (
          <>
            <FormControl>
              <FormLabel id="user-status-label">
                <FormattedMessage id="moderation.users.dialog.status" />
              </FormLabel>
              <RadioGroup
                aria-labelledby="user-status-label"
                value={status}
                onChange={(e) => setStatus(e.target.value as UserModerationStatus)}
              >
                {USER_MODERATION_STATUSES.map((s) => (
                  <FormControlLabel
                    key={s}
                    value={s}
                    control={<Radio />}
                    label={<StandingLabel status={s} />}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            {status === 'banned' && (
              <FormControl sx={{ pl: { xs: 0, sm: 2 } }}>
                <FormLabel id="ban-length-label">
                  <FormattedMessage id="moderation.users.dialog.banLength" />
                </FormLabel>
                <RadioGroup
                  aria-labelledby="ban-length-label"
                  value={banMode}
                  onChange={(e) => {
                    setBanMode(e.target.value as 'forever' | 'days');
                    setBanTouched(true);
                  }}
                >
                  <FormControlLabel
                    value="forever"
                    control={<Radio />}
                    label={intl.formatMessage({ id: 'moderation.users.dialog.forever' })}
                  />
                  <FormControlLabel
                    value="days"
                    control={<Radio />}
                    label={intl.formatMessage({ id: 'moderation.users.dialog.forDays' })}
                  />
                </RadioGroup>
                {banMode === 'days' && (
                  <TextField
                    size="small"
                    type="number"
                    sx={{ maxWidth: 320, mt: 1 }}
                    label={intl.formatMessage({ id: 'moderation.users.dialog.days' })}
                    value={days}
                    onChange={(e) => {
                      setDays(e.target.value);
                      setBanTouched(true);
                    }}
                    error={Boolean(daysError)}
                    helperText={daysError ?? intl.formatMessage({ id: 'moderation.users.dialog.daysHelp' })}
                    slotProps={{ htmlInput: { min: 1, max: BAN_DAYS_MAX, step: 1 } }}
                  />
                )}
              </FormControl>
            )}
            {status === 'fully_deleted' && statusChanged && (
              <Alert severity="warning">
                <FormattedMessage id="moderation.users.dialog.eraseWarning" />
              </Alert>
            )}
            <FormControlLabel
              control={
                <Switch checked={emailValidated} onChange={(e) => setEmailValidated(e.target.checked)} />
              }
              label={intl.formatMessage({ id: 'moderation.users.dialog.emailValidated' })}
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                variant="contained"
                color={status === 'fully_deleted' && statusChanged ? 'error' : 'primary'}
                disabled={!dirty || change.isPending || (status === 'banned' && !daysValid)}
                onClick={save}
              >
                <FormattedMessage id="moderation.users.dialog.save" />
              </Button>
            </Box>

            <Divider />
            <Box sx={{ display: 'grid', gap: 2 }}>
              <Typography variant="subtitle1" component="h3">
                <FormattedMessage id="moderation.users.dialog.score" values={{ score: user.score }} />
              </Typography>
              <TextField
                size="small"
                type="number"
                sx={{ maxWidth: 320 }}
                label={intl.formatMessage({ id: 'moderation.users.dialog.points' })}
                helperText={pointsError ?? intl.formatMessage({ id: 'moderation.users.dialog.pointsHelp' })}
                error={Boolean(pointsError)}
                value={points}
                onChange={(e) => setPoints(e.target.value)}
                slotProps={{ htmlInput: { step: 1 } }}
              />
              <TextField
                size="small"
                multiline
                minRows={2}
                label={intl.formatMessage({ id: 'moderation.users.dialog.comment' })}
                error={Boolean(commentError)}
                helperText={commentError ?? undefined}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Button variant="outlined" disabled={score.isPending} onClick={applyScore}>
                  <FormattedMessage id="moderation.users.dialog.applyScore" />
                </Button>
              </Box>
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="moderation.users.dialog.close" />
        </Button>
      </DialogActions>

      <ConfirmDialog
        open={confirmErase}
        title={
          <FormattedMessage id="moderation.users.confirmErase.title" values={{ username: user.username }} />
        }
        text={<FormattedMessage id="moderation.users.confirmErase.text" />}
        cancelLabel={<FormattedMessage id="moderation.cancel" />}
        confirmLabel={<FormattedMessage id="moderation.users.confirmErase.confirm" />}
        onCancel={() => setConfirmErase(false)}
        onConfirm={() => {
          setConfirmErase(false);
          change.mutate(body());
        }}
      />
    </Dialog>
  );
}
