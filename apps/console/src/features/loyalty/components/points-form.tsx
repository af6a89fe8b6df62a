import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOYALTY_ACTIONS, LOYALTY_POINTS_MAX, type LoyaltyAction } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';
import { useLoyaltyConfigQuery, useSaveLoyaltyConfigMutation } from '../api/loyalty-api.ts';

type Draft = Record<LoyaltyAction, string>;

const ACTION_LABEL: Record<LoyaltyAction, string> = {
  article: 'loyalty.action.article',
  post: 'loyalty.action.post',
  comment: 'loyalty.action.comment',
  vote: 'loyalty.action.vote',
  connection: 'loyalty.action.connection',
  follower: 'loyalty.action.follower',
  social_share: 'loyalty.action.social_share',
  app: 'loyalty.action.app',
  visits: 'loyalty.action.visits',
};

/** Points per action (spec mgmt §3): whole numbers from 0 to 10,000. */
export function PointsForm() {
  const intl = useIntl();
  const config = useLoyaltyConfigQuery();
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useSaveLoyaltyConfigMutation({
    onSuccess: () => {
      setDraft(null);
      notify({ messageId: 'loyalty.points.saved', variant: 'success' });
    },
    onError: () => notify({ messageId: 'loyalty.error.config', variant: 'error' }),
  });
  if (config.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void config.refetch()}>
            <FormattedMessage id="loyalty.action.retry" />
          </Button>
        }
      >
        <FormattedMessage id="loyalty.error.load" />
      </Alert>
    );
  }
  if (!config.data) return <CircularProgress aria-label={intl.formatMessage({ id: 'loyalty.loading' })} />;
  const values: Draft =
    draft ??
    (Object.fromEntries(LOYALTY_ACTIONS.map((a) => [a, String(config.data.points[a] ?? 0)])) as Draft);
  const invalid = (a: LoyaltyAction) => {
    const n = Number(values[a]);
    return !/^\d+$/.test(values[a]) || n > LOYALTY_POINTS_MAX;
  };
  const anyInvalid = LOYALTY_ACTIONS.some(invalid);

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!anyInvalid) save.mutate(Object.fromEntries(LOYALTY_ACTIONS.map((a) => [a, Number(values[a])])));
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Typography variant="h6" component="h2">
        <FormattedMessage id="loyalty.points.title" />
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        {LOYALTY_ACTIONS.map((a) => (
          <TextField
            key={a}
            label={intl.formatMessage({ id: ACTION_LABEL[a] })}
            value={values[a]}
            onChange={(e) => setDraft({ ...values, [a]: e.target.value })}
            error={invalid(a)}
            helperText={invalid(a) ? intl.formatMessage({ id: 'loyalty.error.points' }) : ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `loyalty-points-${a}` } }}
          />
        ))}
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending || anyInvalid || draft === null}>
          <FormattedMessage id="loyalty.action.savePoints" />
        </Button>
      </Box>
    </Box>
  );
}
