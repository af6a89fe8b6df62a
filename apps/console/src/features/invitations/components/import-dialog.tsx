import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  INVITATION_CSV_MAX_ROWS,
  INVITATION_CSV_COLUMNS,
  type InvitationImportProblem,
} from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fieldErrorText, generalErrorText } from '../../../core/http/error-text.ts';
import { useImportInvitationsMutation } from '../api/use-invitations.ts';
import { FIELD_LABEL, REASON_MESSAGE } from './invitation-messages.ts';

/** CSV import: pick a file, upload it with progress, then the report by line and the imported count. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportInvitationsMutation();
  const report = upload.data;
  // Each reason in the admin's language (the server's English text when a code is not worded here).
  const reason = (p: InvitationImportProblem) => {
    const id = REASON_MESSAGE[p.code];
    if (!id) return `${p.field}: ${p.code}`;
    const label = FIELD_LABEL[p.field];
    const field = label ? intl.formatMessage({ id: label }) : p.field;
    return intl.formatMessage({ id }, { field, value: p.value ?? '' });
  };

  const failure = upload.error
    ? (fieldErrorText(intl, upload.error, 'file') ?? generalErrorText(intl, upload.error))
    : null;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invitation-import-title">
      <DialogTitle id="invitation-import-title">
        <FormattedMessage id="invitations.import.title" />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} data-testid="invitation-import">
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage
              id="invitations.import.help"
              values={{ columns: INVITATION_CSV_COLUMNS.join(', '), max: INVITATION_CSV_MAX_ROWS }}
            />
          </Typography>
          <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
            <FormattedMessage id="invitations.import.choose" />
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              data-testid="invitation-import-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                upload.reset();
              }}
            />
          </Button>
          {file && <Typography variant="body2">{file.name}</Typography>}
          {upload.progress !== null && (
            <LinearProgress
              variant="determinate"
              value={upload.progress}
              aria-label={intl.formatMessage(
                { id: 'invitations.import.progress' },
                { percent: upload.progress },
              )}
            />
          )}
          {failure && (
            <Alert severity="error" data-testid="invitation-import-error">
              {failure}
            </Alert>
          )}
          {report && (
            <Stack spacing={1} data-testid="invitation-import-report">
              <Alert severity={report.error_count > 0 ? 'warning' : 'success'}>
                <FormattedMessage
                  id="invitations.import.imported"
                  values={{ count: report.imported, errors: report.error_count }}
                />
              </Alert>
              {report.errors.length > 0 && (
                <List dense aria-label={intl.formatMessage({ id: 'invitations.import.errors' })}>
                  {report.errors.map((e) => (
                    <ListItem key={e.line} disableGutters>
                      <Typography variant="body2">
                        <FormattedMessage id="invitations.import.line" values={{ line: e.line }} />{' '}
                        {e.problems.length > 0 ? e.problems.map((p) => reason(p)).join(' ') : e.message}
                      </Typography>
                    </ListItem>
                  ))}
                </List>
              )}
              {report.other_errors && (
                <Typography variant="body2" data-testid="invitation-import-more">
                  <FormattedMessage
                    id="invitations.import.otherErrors"
                    values={{ count: report.error_count - report.errors.length }}
                  />
                </Typography>
              )}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="invitations.action.close" />
        </Button>
        <Button
          variant="contained"
          disabled={!file || upload.isPending}
          onClick={() => file && upload.mutate(file)}
          data-testid="invitation-import-upload"
        >
          <FormattedMessage id="invitations.import.upload" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
