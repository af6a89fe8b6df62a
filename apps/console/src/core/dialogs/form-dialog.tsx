import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export interface FormDialogProps {
  /** Mounted-while-open dialogs leave it out. */
  open?: boolean;
  /** What the dialog creates or edits; also its accessible name. */
  title: ReactNode;
  /** The form's fields, one under the other. */
  children: ReactNode;
  /** A problem that belongs to no field (the server refused, the network failed), announced. */
  generalError?: ReactNode;
  saveLabel: ReactNode;
  cancelLabel: ReactNode;
  /** While saving: the save button waits. */
  saving?: boolean;
  onSave: () => void;
  onClose: () => void;
  testId?: string;
  saveTestId?: string;
}

/**
 * The frame of every create / edit dialog: a titled dialog around a form whose Enter key saves, the
 * fields, the problem no field owns, then cancel and save. The caller keeps its fields, checks and
 * messages; this keeps the frame — and its accessibility — the same everywhere.
 */
export function FormDialog({
  open = true,
  title,
  children,
  generalError,
  saveLabel,
  cancelLabel,
  saving = false,
  onSave,
  onClose,
  testId,
  saveTestId,
}: FormDialogProps) {
  const titleId = useId();
  const formId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          id={formId}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSave();
          }}
        >
          {children}
          {generalError && (
            <Typography color="error" role="alert">
              {generalError}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelLabel}</Button>
        {/* A submit button of the form (outside it, tied by `form`): Enter in any field saves too. */}
        <Button type="submit" form={formId} variant="contained" disabled={saving} data-testid={saveTestId}>
          {saveLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
