import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuditLogEntry, AuditPerson } from '@agora/contract';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { actionMessage, UNKNOWN_ACTION_MESSAGE } from '../audit-messages.ts';

/** "Maria Rossi (@maria)", "@maria", or "user #12" once the community no longer knows them. */
export function personLabel(person: AuditPerson | null, intl: IntlShape): string {
  if (!person) return intl.formatMessage({ id: 'auditLog.someone' });
  if (person.username) return person.name ? `${person.name} (@${person.username})` : `@${person.username}`;
  if (person.id !== null) return intl.formatMessage({ id: 'auditLog.formerUser' }, { id: person.id });
  return intl.formatMessage({ id: 'auditLog.someone' });
}

/** One entry as a sentence: who (bold) did what to whom, with its read-only and unconfirmed marks. */
export function AuditEvent({ entry }: { entry: AuditLogEntry }) {
  const intl = useIntl();
  const id = actionMessage(entry.action);
  const subject = id === UNKNOWN_ACTION_MESSAGE ? `${entry.method} ${entry.route}` : (entry.subject ?? '');
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" data-testid="audit-sentence">
        <strong data-testid="audit-actor">{personLabel(entry.actor, intl)}</strong>{' '}
        <FormattedMessage
          id={id}
          values={{ person: <strong>{personLabel(entry.person, intl)}</strong>, subject }}
        />
      </Typography>
      {entry.role ? (
        <Typography variant="caption" color="text.secondary">
          {entry.role}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1}>
        {entry.read_only ? (
          <Chip size="small" variant="outlined" label={intl.formatMessage({ id: 'auditLog.readOnly' })} />
        ) : null}
        {entry.status === 'unconfirmed' ? (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            label={intl.formatMessage({ id: 'auditLog.unconfirmed' })}
            title={intl.formatMessage({ id: 'auditLog.unconfirmedHint' })}
          />
        ) : null}
      </Stack>
    </Stack>
  );
}
