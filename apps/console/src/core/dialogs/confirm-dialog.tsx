import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, also the dialog's accessible name. */
  title: ReactNode;
  /** What the action does, in a sentence or two. */
  text?: ReactNode;
  /** A choice the action needs (e.g. where to move what is removed), under the text. */
  children?: ReactNode;
  /** The action cannot run yet (a needed choice is not made). */
  confirmDisabled?: boolean;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  /** 'error' for what cannot be undone (removing, erasing), 'warning' for what can be redone. */
  tone?: 'error' | 'warning';
  /** While the action runs: both buttons wait and Escape does not close. */
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testId?: string;
  confirmTestId?: string;
}

/**
 * The one question asked before a destructive action. The safe answer (cancel) has the focus, so
 * Enter or a stray click never destroys; Escape and the backdrop cancel; the title names the dialog.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  children,
  confirmDisabled = false,
  confirmLabel,
  cancelLabel,
  tone = 'error',
  busy = false,
  onCancel,
  onConfirm,
  testId,
  confirmTestId,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={text ? textId : undefined}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {(text || children) && (
        <DialogContent>
          {text && <DialogContentText id={textId}>{text}</DialogContentText>}
          {children}
        </DialogContent>
      )}
      <DialogActions>
        <Button autoFocus onClick={onCancel} disabled={busy} data-testid="confirm-dialog-cancel">
          {cancelLabel}
        </Button>
        <Button
          color={tone}
          variant="contained"
          onClick={onConfirm}
          disabled={busy || confirmDisabled}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          data-testid={confirmTestId}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
