import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';
import { notifyToggled } from '../../../core/notices/notify-toggled.ts';
import { useBotStatusMutation, useBotStatusQuery } from '../api/use-moderation-queries.ts';

/** The AI moderation bot's switch (the moderation area's roles, feature moderation_ai). */
export function BotSettings() {
  const query = useBotStatusQuery();
  const mutation = useBotStatusMutation({
    onSuccess: (_result, enabled) => {
      notifyToggled({
        messageId: enabled ? 'moderation.notice.botOn' : 'moderation.notice.botOff',
        undo: () => mutation.mutate(!enabled),
      });
    },
    onError: () => notify({ messageId: 'moderation.error.generic', variant: 'error' }),
  });
  if (query.isError) {
    return (
      <Alert severity="error">
        <FormattedMessage id="moderation.error.generic" />
      </Alert>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} data-testid="bot-settings">
      <Typography variant="subtitle1" component="h2">
        <FormattedMessage id="moderation.bot.title" />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="moderation.bot.help" />
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={query.data?.enabled ?? false}
            disabled={!query.data || mutation.isPending}
            onChange={(e) => mutation.mutate(e.target.checked)}
          />
        }
        label={<FormattedMessage id="moderation.bot.enabled" />}
      />
    </Paper>
  );
}
