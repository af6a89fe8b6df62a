import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatAnalyticsDate } from '../../../../core/analytics/analytics-format.ts';
import { useExports, type ExportEntry } from '../../api/analytics-api.ts';
import { ListScaffold } from '../../../../core/lists/list-scaffold.tsx';
import { NoMailNotice, useCanSendEmail } from '../../../server-settings/index.ts';

const STATUS_MESSAGE: Record<ExportEntry['status'], string> = {
  pending: 'analytics.export.status.pending',
  running: 'analytics.export.status.running',
  done: 'analytics.export.status.done',
  failed: 'analytics.export.status.failed',
};

const TYPE_MESSAGE: Record<ExportEntry['type'], string> = {
  users: 'analytics.export.type.users',
  contributions: 'analytics.export.type.contributions',
  categories: 'analytics.export.type.categories',
  thread: 'analytics.export.type.thread',
};

const STATUS_COLOR = { pending: 'default', running: 'info', done: 'success', failed: 'error' } as const;

/** The latest exports of the community with their state and, once built, the download link. */
export function ExportsList() {
  const intl = useIntl();
  const query = useExports();
  const canSendEmail = useCanSendEmail();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="exports-list">
      <Typography variant="h6" component="h2">
        <FormattedMessage id="analytics.export.recent" />
      </Typography>
      {canSendEmail === false ? (
        <NoMailNotice messageId="analytics.export.noMail" />
      ) : (
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="analytics.export.recentHelp" />
        </Typography>
      )}
      <ListScaffold
        query={query}
        empty={query.data?.length === 0}
        errorText={<FormattedMessage id="common.genericError" />}
        emptyText={
          <span data-testid="exports-empty">
            <FormattedMessage id="analytics.export.none" />
          </span>
        }
      >
        <List dense>
          {query.data?.slice(0, 10).map((entry) => (
            <ListItem
              key={entry.id}
              disableGutters
              data-testid={`export-${entry.id}`}
              secondaryAction={
                entry.status === 'done' && entry.download_url ? (
                  <Link href={entry.download_url} data-testid={`export-download-${entry.id}`}>
                    <FormattedMessage id="analytics.export.download" />
                  </Link>
                ) : undefined
              }
            >
              <ListItemText
                primary={
                  <>
                    <FormattedMessage id={TYPE_MESSAGE[entry.type]} />{' '}
                    <Chip
                      size="small"
                      label={intl.formatMessage({ id: STATUS_MESSAGE[entry.status] })}
                      color={STATUS_COLOR[entry.status]}
                      data-testid={`export-status-${entry.id}`}
                    />
                  </>
                }
                secondary={
                  entry.created_at ? formatAnalyticsDate(entry.created_at, 'day', intl.locale) : undefined
                }
              />
            </ListItem>
          ))}
        </List>
      </ListScaffold>
    </Paper>
  );
}
