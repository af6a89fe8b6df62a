import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { generalErrorText } from '../../../core/http/error-text.ts';
import { twoFactorErrorId } from '../api/two-factor-api.ts';
import { CodeField } from './code-field.tsx';

export interface CodeDialogProps {
  id: string;
  titleId: string;
  descriptionId: string;
  confirmId: string;
  /** A red confirm button and a warning (turning the factor off). */
  destructive?: boolean;
  warning?: ReactNode;
  allowRecovery?: boolean;
  pending: boolean;
  error: unknown;
  onConfirm(code: string): void;
  onClose(): void;
}

/** Asks for a current code before a change of the second factor (new recovery codes, turning it off). */
export function CodeDialog(props: CodeDialogProps) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const errorId = props.error ? twoFactorErrorId(props.error) : null;
  const error = props.error
    ? errorId
      ? intl.formatMessage({ id: errorId })
      : generalErrorText(intl, props.error)
    : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() !== '') props.onConfirm(code.trim());
  };

  return (
    <Dialog
      open
      onClose={props.pending ? undefined : props.onClose}
      aria-labelledby={`${props.id}-title`}
      aria-describedby={`${props.id}-description`}
      data-testid={props.id}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={`${props.id}-title`}>
          <FormattedMessage id={props.titleId} />
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText id={`${props.id}-description`}>
            <FormattedMessage id={props.descriptionId} />
          </DialogContentText>
          {props.warning && <Alert severity="warning">{props.warning}</Alert>}
          <CodeField
            id={`${props.id}-code`}
            value={code}
            onChange={setCode}
            allowRecovery={props.allowRecovery}
            error={error}
            autoFocus
            disabled={props.pending}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.pending}>
            <FormattedMessage id="twoFactor.cancel" />
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={props.destructive ? 'error' : 'primary'}
            disabled={props.pending || code.trim() === ''}
            startIcon={props.pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            data-testid={`${props.id}-confirm`}
          >
            {intl.formatMessage({ id: props.confirmId })}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
