import { FEATURES, type FeatureName } from '@agora/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { FEATURE_LABELS } from '../api/feature-labels.ts';
import {
  comingFeatures,
  liveFeatureGroups,
  parentOf,
  useHubFeaturesQuery,
  useToggleHubFeatureMutation,
  type FeatureFlags,
} from '../api/hub-feature-api.ts';

/** A flag's name as people read it, with its stored key in small type for those who script the API. */
function FlagName({ name, id, muted }: { name: FeatureName; id?: string; muted?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography id={id} color={muted ? 'text.secondary' : undefined}>
        <FormattedMessage {...FEATURE_LABELS[name]} />
      </Typography>
      <Typography
        variant="caption"
        component="code"
        color="text.secondary"
        sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', display: 'block' }}
      >
        {name}
      </Typography>
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
  const parent = parentOf(name);
  const parentOff = parent !== undefined && !flags[parent];
  const labelId = `flag-${name}`;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'flex-start',
        pl: parent ? { xs: 2, sm: 4 } : 0,
        borderLeft: parent ? 2 : 0,
        borderColor: 'divider',
      }}
      data-testid={`hub-flag-${name}`}
    >
      <Switch
        checked={Boolean(flags[name])}
        disabled={pending}
        onChange={(event) => onToggle(name, event.target.checked)}
        slotProps={{ input: { 'aria-labelledby': labelId, name } }}
        data-testid={`hub-switch-${name}`}
      />
      <Box sx={{ minWidth: 0, pt: 0.75 }}>
        <FlagName name={name} id={labelId} />
        <Typography variant="caption" component="p" color={parentOff ? 'warning.dark' : 'text.secondary'}>
          {parentOff ? (
            <FormattedMessage
              id="hubFeatures.parentOff"
              values={{ parent: intl.formatMessage(FEATURE_LABELS[parent]) }}
            />
          ) : (
            <FormattedMessage id="hubFeatures.plan" values={{ plan: FEATURES[name].plan }} />
          )}
        </Typography>
      </Box>
    </Stack>
  );
}

/** The flags of areas Agora does not have yet: named once, apart, with nothing to switch. */
function ComingSection() {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="group-coming"
      sx={{ p: 2, mt: 3, bgcolor: 'action.hover' }}
      data-testid="hub-coming"
    >
      <Typography variant="h6" component="h2" id="group-coming">
        <FormattedMessage id="hubFeatures.comingTitle" />
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        <FormattedMessage id="hubFeatures.comingHelp" />
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {comingFeatures().map((name) => (
          <li key={name} data-testid={`hub-flag-${name}`} data-coming="true">
            <FlagName name={name} muted />
          </li>
        ))}
      </Box>
    </Paper>
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
        values: { name: intl.formatMessage(FEATURE_LABELS[name]) },
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
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
              alignItems: 'start',
            }}
            data-testid="hub-features"
          >
            {liveFeatureGroups().map((group) => (
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
                <Stack spacing={1.5}>
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
          {comingFeatures().length > 0 && <ComingSection />}
        </>
      )}
    </>
  );
}
