import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AUDIT_REDACTED, type AuditChange } from '@agora/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { FIELD_MESSAGES, readableField } from '../audit-messages.ts';

/** Values longer than this are cut, with a button to read them in full. */
export const CHANGE_PREVIEW_CHARS = 80;

function Value({ text, full }: { text: string | null; full: boolean }) {
  if (text === AUDIT_REDACTED) {
    return (
      <Box component="em" sx={{ color: 'text.secondary' }}>
        <FormattedMessage id="auditLog.change.hidden" />
      </Box>
    );
  }
  if (text === null || text === '') {
    return (
      <Box component="em" sx={{ color: 'text.secondary' }}>
        <FormattedMessage id="auditLog.change.empty" />
      </Box>
    );
  }
  const shown =
    full || text.length <= CHANGE_PREVIEW_CHARS ? text : `${text.slice(0, CHANGE_PREVIEW_CHARS - 1)}…`;
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-word' }}>
      {shown}
    </Box>
  );
}

/** The fields an entry set: label, earlier value → new value (or just the value when none was kept). */
export function AuditChanges({ changes }: { changes: AuditChange[] }) {
  const intl = useIntl();
  const [full, setFull] = useState(false);
  if (changes.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="auditLog.change.none" />
      </Typography>
    );
  }
  const long = changes.some(
    (c) => (c.before?.length ?? 0) > CHANGE_PREVIEW_CHARS || (c.after?.length ?? 0) > CHANGE_PREVIEW_CHARS,
  );
  return (
    <Box>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {changes.map((change) => {
          const labelId = FIELD_MESSAGES[change.field];
          const label = labelId ? intl.formatMessage({ id: labelId }) : readableField(change.field);
          return (
            <Typography component="li" variant="body2" key={change.field} data-testid="audit-change">
              <Box component="span" sx={{ fontWeight: 500 }}>
                {label}
              </Box>
              {': '}
              {change.before === null ? (
                <Value text={change.after} full={full} />
              ) : (
                <FormattedMessage
                  id="auditLog.change.arrow"
                  values={{
                    before: <Value text={change.before} full={full} />,
                    after: <Value text={change.after} full={full} />,
                  }}
                />
              )}
            </Typography>
          );
        })}
      </Box>
      {long ? (
        <Button size="small" onClick={() => setFull((v) => !v)} aria-expanded={full}>
          <FormattedMessage id={full ? 'auditLog.change.showLess' : 'auditLog.change.showAll'} />
        </Button>
      ) : null}
    </Box>
  );
}
