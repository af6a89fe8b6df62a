import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import {
  GREEN_SCORE_ACTIONS,
  SCORE_ACTIONS,
  maxDailyPointsError,
  scorePointsError,
  type ScoreAction,
} from '@agora/contract';
import { notify } from '../../../core/notices/notice-store.ts';
import { useSaveScoreConfigMutation, useScoreConfigQuery } from '../api/use-scoring-queries.ts';
import { ACTION_LABELS, RULE_MESSAGES } from './action-labels.ts';

const toNumber = (text: string): number | string => (/^-?\d+$/.test(text.trim()) ? Number(text) : text);

/** Points per action (13 fields; the green ones refuse 0) and the maximum daily points per user. */
export function PointsForm() {
  const intl = useIntl();
  const config = useScoreConfigQuery();
  const [values, setValues] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!config.data) return;
    const next: Record<string, string> = { max_daily_points: String(config.data.max_daily_points) };
    for (const action of SCORE_ACTIONS) next[action] = String(config.data.points[action]);
    setValues(next);
  }, [config.data]);

  const errorOf = (key: string): string | null => {
    if (values[key] === undefined) return null;
    const value = toNumber(values[key]);
    const message =
      key === 'max_daily_points' ? maxDailyPointsError(value) : scorePointsError(key as ScoreAction, value);
    return message ? intl.formatMessage(RULE_MESSAGES[message] ?? { id: 'scoring.error.generic' }) : null;
  };
  const keys = ['max_daily_points', ...SCORE_ACTIONS];
  const invalid = keys.some((k) => errorOf(k) !== null);

  const edited = () => ({
    max_daily_points: Number(values.max_daily_points),
    points: Object.fromEntries(SCORE_ACTIONS.map((a) => [a, Number(values[a])])) as Record<
      ScoreAction,
      number
    >,
  });
  const save = useSaveScoreConfigMutation({
    onSuccess: () => {
      notify({ messageId: 'scoring.config.saved', variant: 'success' });
    },
    onError: () => notify({ messageId: 'scoring.error.generic', variant: 'error' }),
  });

  if (config.isPending)
    return <CircularProgress aria-label={intl.formatMessage({ id: 'scoring.loading' })} />;

  const field = (key: string, label: { id: string }, green = false) => {
    const error = errorOf(key);
    return (
      <TextField
        key={key}
        label={intl.formatMessage(label)}
        value={values[key] ?? ''}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        error={error !== null}
        helperText={error ?? (green ? intl.formatMessage({ id: 'scoring.config.greenHint' }) : ' ')}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `points-${key}` } }}
        size="small"
        color={green ? 'success' : 'primary'}
        focused={green ? true : undefined}
      />
    );
  };

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) save.mutate(edited());
      }}
    >
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}
      >
        {field('max_daily_points', { id: 'scoring.config.maxDaily' })}
        {SCORE_ACTIONS.map((a) => field(a, ACTION_LABELS[a], GREEN_SCORE_ACTIONS.includes(a)))}
      </Box>
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={invalid || save.isPending}>
        <FormattedMessage id="scoring.save" />
      </Button>
    </Box>
  );
}
