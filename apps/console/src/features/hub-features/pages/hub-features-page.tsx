import { FEATURES, isFeatureComing, type FeatureName } from '@agora/contract';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageSpinner } from '../../../core/loading/page-spinner.tsx';
import { generalErrorText } from '../../../core/http/error-text.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { notifyToggled } from '../../../core/notices/notify-toggled.ts';
import { useStackStore } from '../../../core/stack/stack-store.ts';
import {
  groupedFeatures,
  parentOf,
  useHubFeaturesQuery,
  useToggleHubFeatureMutation,
  type FeatureFlags,
} from '../api/hub-feature-api.ts';

/** The switch's place on a flag of an area not built yet: nothing to switch, only a sign of waiting. */
function ComingMark() {
  return (
    <Box
      sx={{
        width: 58,
        height: 38,
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        color: 'text.secondary',
      }}
      aria-hidden
    >
      <HourglassEmptyOutlined fontSize="small" />
    </Box>
  );
}

function FlagRow({
  name,
  flags,
  pending,
  onToggle,
}: {
  name: FeatureName;
  flags: FeatureFlags;
  pending: boolean;
  onToggle: (name: FeatureName, enabled: boolean) => void;
}) {
  const intl = useIntl();
  const coming = isFeatureComing(name);
  const parent = parentOf(name);
  const parentOff = !coming && parent !== undefined && !flags[parent];
  const labelId = `flag-${name}`;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'center',
        pl: parent ? { xs: 2, sm: 4 } : 0,
        borderLeft: parent ? 2 : 0,
        borderColor: 'divider',
      }}
      data-testid={`hub-flag-${name}`}
      data-coming={coming ? 'true' : undefined}
    >
      {coming ? (
        <ComingMark />
      ) : (
        <Switch
          checked={Boolean(flags[name])}
          disabled={pending}
          onChange={(event) => onToggle(name, event.target.checked)}
          slotProps={{ input: { 'aria-labelledby': labelId, name } }}
          data-testid={`hub-switch-${name}`}
        />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            id={labelId}
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
            color={coming ? 'text.secondary' : undefined}
          >
            {name}
          </Typography>
          {coming && (
            <Chip
              size="small"
              variant="outlined"
              label={intl.formatMessage({ id: 'hubFeatures.coming' })}
              data-testid={`hub-coming-${name}`}
            />
          )}
        </Stack>
        <Typography variant="caption" component="p" color={parentOff ? 'warning.dark' : 'text.secondary'}>
          {coming ? (
            <FormattedMessage id="hubFeatures.comingHelp" />
          ) : parentOff ? (
            <FormattedMessage id="hubFeatures.parentOff" values={{ parent }} />
          ) : (
            <FormattedMessage id="hubFeatures.plan" values={{ plan: FEATURES[name].plan }} />
          )}
        </Typography>
      </Box>
    </Stack>
  );
}

/** /hub/features (hub administrators): every feature flag of the selected community. */
export default function HubFeaturesPage() {
  const intl = useIntl();
  const selected = useStackStore((state) => state.selected);
  const stackId = selected?.id;
  const query = useHubFeaturesQuery(stackId);
  const toggle = useToggleHubFeatureMutation(stackId, {
    onSuccess: (_flags, { name, enabled }) => {
      notifyToggled({
        messageId: enabled ? 'hubFeatures.switchedOn' : 'hubFeatures.switchedOff',
        values: { name },
        undo: () => toggle.mutate({ name, enabled: !enabled }),
      });
    },
    onError: () => notify({ messageId: 'hubFeatures.error', variant: 'error' }),
  });

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          <FormattedMessage id="nav.hubFeatures" />
        </Typography>
        {selected && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            <FormattedMessage id="hubFeatures.intro" values={{ community: selected.communityName }} />
          </Typography>
        )}
      </Box>
      {!selected && (
        <Alert severity="info">
          <FormattedMessage id="hubFeatures.noCommunity" />
        </Alert>
      )}
      {selected && query.isPending && <PageSpinner />}
      {query.isError && <Alert severity="error">{generalErrorText(intl, query.error)}</Alert>}
      {query.data && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
          }}
          data-testid="hub-features"
        >
          {groupedFeatures().map((group) => (
            <Paper
              key={group.id}
              variant="outlined"
              sx={{ p: 2 }}
              component="section"
              aria-labelledby={`group-${group.id}`}
            >
              <Typography variant="h6" component="h2" id={`group-${group.id}`} sx={{ mb: 1 }}>
                <FormattedMessage id={group.labelId} />
              </Typography>
              <Stack spacing={1}>
                {group.names.map((name) => (
                  <FlagRow
                    key={name}
                    name={name}
                    flags={query.data}
                    pending={toggle.isPending && toggle.variables.name === name}
                    onToggle={(flag, enabled) => toggle.mutate({ name: flag, enabled })}
                  />
                ))}
              </Stack>
            </Paper>
          ))}
        </Box>
      )}
    </>
  );
}
