import ContentCopy from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';

/** A read-only value (client id, secret) with a button that copies it. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      notify({ messageId: 'integrations.api.copyFailed', variant: 'error' });
    }
  };
  return (
    <TextField
      fullWidth
      label={label}
      value={value}
      slotProps={{
        htmlInput: {
          readOnly: true,
          spellCheck: false,
          style: { fontFamily: 'monospace' },
          'data-testid': testId,
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
                  aria-label={intl.formatMessage({ id: 'integrations.oauth.copyOf' }, { label })}
                  edge="end"
                  data-testid={`${testId}-copy`}
                >
                  <ContentCopy />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
