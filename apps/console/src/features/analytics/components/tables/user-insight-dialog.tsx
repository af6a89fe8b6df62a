import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ANALYTICS_UNAVAILABLE_MESSAGE } from '../../../../core/analytics/analytics-client.ts';
import { useUserInsight, type UserInsight } from '../../api/analytics-api.ts';
import { CellValue } from './cell-value.tsx';

/** The tabs of the user insight dialog (mgmt §2), in order. */
export const INSIGHT_TABS = [
  { key: 'profile', labelId: 'analytics.insight.profile' },
  { key: 'most_appreciated', labelId: 'analytics.insight.mostAppreciated' },
  { key: 'most_commented', labelId: 'analytics.insight.mostCommented' },
  { key: 'most_shared', labelId: 'analytics.insight.mostShared' },
  { key: 'connections', labelId: 'analytics.insight.connections' },
  { key: 'followers', labelId: 'analytics.insight.followers' },
  { key: 'followings', labelId: 'analytics.insight.followings' },
  { key: 'categories', labelId: 'analytics.insight.categories' },
] as const;
type InsightTab = (typeof INSIGHT_TABS)[number]['key'];

/** Profile fields shown in the summary, with the table's labels. */
const PROFILE_FIELDS = [
  { key: 'username', labelId: 'analytics.col.username' },
  { key: 'name', labelId: 'analytics.col.name' },
  { key: 'email', labelId: 'analytics.col.email' },
  { key: 'registered_at', labelId: 'analytics.col.registeredAt', type: 'time' },
  { key: 'last_login', labelId: 'analytics.col.lastLogin', type: 'time' },
  { key: 'status', labelId: 'analytics.col.status' },
  { key: 'score', labelId: 'analytics.col.score', type: 'number' },
] as const;

const PROFILE_COUNTS = [
  { key: 'visits', labelId: 'analytics.col.visits' },
  { key: 'contributions', labelId: 'analytics.col.contributes' },
  { key: 'comments', labelId: 'analytics.col.comments' },
  { key: 'appreciations_given', labelId: 'analytics.col.appreciationsGiven' },
  { key: 'appreciations_received', labelId: 'analytics.col.appreciationsReceived' },
  { key: 'shares', labelId: 'analytics.col.shares' },
  { key: 'connections', labelId: 'analytics.col.connections' },
  { key: 'followers', labelId: 'analytics.col.followers' },
  { key: 'followings', labelId: 'analytics.col.followings' },
] as const;

const CONTENT_COUNT_MESSAGE = {
  most_appreciated: 'analytics.insight.appreciations',
  most_commented: 'analytics.insight.commentsCount',
  most_shared: 'analytics.insight.shares',
} as const;

function Empty() {
  return (
    <Typography color="text.secondary" sx={{ py: 2 }} data-testid="insight-empty">
      <FormattedMessage id="analytics.table.empty" />
    </Typography>
  );
}

function Field({ labelId, children, testId }: { labelId: string; children: ReactNode; testId: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0.5 } }}>
        <FormattedMessage id={labelId} />
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, mt: { sm: 0.5 } }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

function TabContent({ insight, tab }: { insight: UserInsight; tab: InsightTab }) {
  const intl = useIntl();
  if (tab === 'profile') {
    const { profile } = insight;
    return (
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          m: 0,
        }}
      >
        {PROFILE_FIELDS.map((field) => (
          <Field key={field.key} labelId={field.labelId} testId={`insight-${field.key}`}>
            <CellValue value={profile[field.key]} type={'type' in field ? field.type : 'string'} />
          </Field>
        ))}
        {PROFILE_COUNTS.map((field) => (
          <Field key={field.key} labelId={field.labelId} testId={`insight-${field.key}`}>
            <CellValue value={profile.counts[field.key]} type="number" />
          </Field>
        ))}
      </Box>
    );
  }
  if (tab === 'most_appreciated' || tab === 'most_commented' || tab === 'most_shared') {
    const items = insight[tab];
    if (items.length === 0) return <Empty />;
    return (
      <List dense>
        {items.map((item) => (
          <ListItem key={item.id} disableGutters>
            <ListItemText
              primary={
                item.title || intl.formatMessage({ id: 'analytics.insight.untitled' }, { id: item.id })
              }
              secondary={intl.formatMessage({ id: CONTENT_COUNT_MESSAGE[tab] }, { count: item.count })}
            />
          </ListItem>
        ))}
      </List>
    );
  }
  if (tab === 'categories') {
    const { contributed, interests } = insight.categories;
    if (contributed.length === 0 && interests.length === 0) return <Empty />;
    return (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box>
          <Typography variant="subtitle2">
            <FormattedMessage id="analytics.insight.contributedCategories" />
          </Typography>
          <List dense>
            {contributed.map((category) => (
              <ListItem key={category.id} disableGutters>
                <ListItemText
                  primary={category.name}
                  secondary={intl.formatMessage(
                    { id: 'analytics.insight.contentsCount' },
                    { count: category.count },
                  )}
                />
              </ListItem>
            ))}
          </List>
        </Box>
        <Box>
          <Typography variant="subtitle2">
            <FormattedMessage id="analytics.col.interests" />
          </Typography>
          <List dense>
            {interests.map((category) => (
              <ListItem key={category.id} disableGutters>
                <ListItemText primary={category.name} />
              </ListItem>
            ))}
          </List>
        </Box>
      </Box>
    );
  }
  const people = insight[tab];
  if (people.results.length === 0) return <Empty />;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="analytics.insight.peopleCount" values={{ count: people.count }} />
      </Typography>
      <List dense>
        {people.results.map((user) => (
          <ListItem key={user.id} disableGutters>
            <ListItemText primary={user.username} secondary={user.name || undefined} />
          </ListItem>
        ))}
      </List>
    </>
  );
}

/** A member's insight: profile summary, most appreciated/commented/shared contents and the social graph. */
export function UserInsightDialog({
  user,
  onClose,
}: {
  user: { id: number; username: string } | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [tab, setTab] = useState<InsightTab>('profile');
  const query = useUserInsight(user?.id ?? null);
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      data-testid="insight-dialog"
      slotProps={{ transition: { onExited: () => setTab('profile') } }}
    >
      <DialogTitle>
        <FormattedMessage id="analytics.insight.title" values={{ username: user?.username ?? '' }} />
      </DialogTitle>
      <Tabs
        value={tab}
        onChange={(_event, next: InsightTab) => setTab(next)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {INSIGHT_TABS.map((entry) => (
          <Tab
            key={entry.key}
            value={entry.key}
            label={<FormattedMessage id={entry.labelId} />}
            data-testid={`insight-tab-${entry.key}`}
          />
        ))}
      </Tabs>
      <DialogContent sx={{ minHeight: 240 }} data-testid={`insight-panel-${tab}`}>
        {query.isPending && <Skeleton variant="rounded" height={160} />}
        {query.isError && (
          <Alert severity="error">
            <FormattedMessage id={ANALYTICS_UNAVAILABLE_MESSAGE} />
          </Alert>
        )}
        {query.data && <TabContent insight={query.data} tab={tab} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="analytics.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
