import ContentCopy from '@mui/icons-material/ContentCopy';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageSpinner } from '../../../core/loading/page-spinner.tsx';
import { PreferenceLoadFailure } from '../../../core/dynamic-preferences/preference-load-failure.tsx';
import { useDynamicPreferences } from '../../../core/dynamic-preferences/dynamic-preference-store.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { SettingsSection } from '../../content-settings/index.ts';
import { useRefreshJwtSecretMutation } from '../api/integration-api.ts';
import { MemberClient } from './member-client.tsx';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';

const NAMES = ['jwt_algorithm'];

/** The new key, shown this once: the server keeps it sealed and never gives it back. */
function NewKey({ secret }: { secret: string }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      notify({ messageId: 'integrations.api.copyFailed', variant: 'error' });
    }
  };
  return (
    <Stack spacing={2} data-testid="jwt-new-key">
      <Alert severity="warning">
        <FormattedMessage id="integrations.api.onceWarning" />
      </Alert>
      <TextField
        fullWidth
        label={intl.formatMessage({ id: 'integrations.api.newKey' })}
        value={secret}
        slotProps={{
          htmlInput: {
            readOnly: true,
            spellCheck: false,
            style: { fontFamily: 'monospace' },
            'data-testid': 'jwt-key',
          },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip
                  title={intl.formatMessage({
                    id: copied ? 'integrations.api.copied' : 'integrations.api.copy',
                  })}
                >
                  <IconButton
                    onClick={() => void copy()}
                    aria-label={intl.formatMessage({ id: 'integrations.api.copy' })}
                    edge="end"
                  >
                    <ContentCopy />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
    </Stack>
  );
}

/** API (mgmt §2): the signed-token (JWT) key used to sign in members from another site. */
export function ApiTab() {
  const preferences = useDynamicPreferences(NAMES);
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = useRefreshJwtSecretMutation({
    onSuccess: (answer) => {
      setConfirming(false);
      setSecret(answer.jwt_secret_key);
      notify({ messageId: 'integrations.api.generated', variant: 'success' });
    },
    onError: () => {
      setConfirming(false);
      notify({ messageId: 'integrations.api.error', variant: 'error' });
    },
  });
  if (preferences.failed) return <PreferenceLoadFailure onRetry={() => void preferences.retry()} />;
  if (preferences.loading) return <PageSpinner />;
  const algorithm = String(refresh.data?.jwt_algorithm ?? preferences.values.jwt_algorithm ?? '');
  return (
    <SettingsSection
      titleId="integrations.api.title"
      descriptionId="integrations.api.intro"
      testId="integrations-api"
    >
      <Typography>
        <FormattedMessage
          id="integrations.api.algorithm"
          values={{ algorithm: <strong data-testid="jwt-algorithm">{algorithm}</strong> }}
        />
      </Typography>
      {secret && <NewKey secret={secret} />}
      <div>
        <Button
          variant="contained"
          startIcon={<KeyOutlined />}
          onClick={() => setConfirming(true)}
          data-testid="jwt-generate"
        >
          <FormattedMessage id="integrations.api.generate" />
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={<FormattedMessage id="integrations.api.confirmTitle" />}
        text={<FormattedMessage id="integrations.api.confirmText" />}
        cancelLabel={<FormattedMessage id="integrations.api.cancel" />}
        confirmLabel={<FormattedMessage id="integrations.api.confirm" />}
        tone="warning"
        busy={refresh.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => refresh.mutate()}
        confirmTestId="jwt-confirm"
      />
      <MemberClient />
    </SettingsSection>
  );
}
