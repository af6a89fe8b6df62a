import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageSpinner } from '../../../core/loading/page-spinner.tsx';
import { generalErrorText } from '../../../core/http/error-text.ts';
import { useStackSelfQuery, useStacksQuery } from '../../../core/stack/stack-queries.ts';
import { useStackStore } from '../../../core/stack/stack-store.ts';
import { communityPath } from '../../../core/stack/community-path.ts';
import { PlatformTour } from '../components/platform-tour.tsx';
import { StackStatusChip } from '../components/stack-status-chip.tsx';
import { RoleLabel } from '../../../core/roles/role-label.tsx';

function NoCommunity() {
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        <FormattedMessage id="home.emptyTitle" />
      </Typography>
      <Typography color="text.secondary">
        <FormattedMessage id="home.emptyText" />
      </Typography>
    </Box>
  );
}

function SelectedCommunity() {
  const intl = useIntl();
  const selected = useStackStore((state) => state.selected);
  const stacks = useStacksQuery();
  const self = useStackSelfQuery();
  if (!selected) return <PageSpinner />;
  const listed = stacks.data?.find((stack) => stack.id === selected.id);
  const name = self.data?.communityName ?? listed?.communityName ?? selected.communityName;
  const status = self.data?.status ?? listed?.status;
  const roles = self.data?.roles ?? selected.roles;
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Stack direction="row" useFlexGap sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h1" data-testid="community-name">
            {name}
          </Typography>
          {status && <StackStatusChip status={status} />}
        </Stack>
        {self.isError && <Alert severity="warning">{generalErrorText(intl, self.error)}</Alert>}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary">
            <FormattedMessage id="home.roles" />
          </Typography>
          {roles.map((role) => (
            <Chip key={role} size="small" variant="outlined" label={<RoleLabel role={role} />} />
          ))}
        </Stack>
        <Box>
          <Button
            variant="contained"
            href={`${communityPath(selected.internal_url)}/`}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNew />}
          >
            <FormattedMessage id="home.goToCommunity" />
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The hub's home: the selected community at a glance (spec core §2). */
export default function HomePage() {
  const intl = useIntl();
  const stacks = useStacksQuery();
  return (
    <Box data-testid="home">
      <PlatformTour />
      {stacks.isPending ? (
        <PageSpinner />
      ) : stacks.isError ? (
        <Alert severity="error">{generalErrorText(intl, stacks.error)}</Alert>
      ) : stacks.data.length === 0 ? (
        <NoCommunity />
      ) : (
        <SelectedCommunity />
      )}
    </Box>
  );
}
