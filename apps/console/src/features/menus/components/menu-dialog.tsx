import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { checkMenuInput, MENU_NAME_MAX, type Menu } from '@agora/contract';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSaveMenuMutation } from '../api/use-menus-mutations.ts';
import { problemMessages, serverMessages } from './menu-problems.ts';

interface Props {
  /** The menu to edit, or null to create one. */
  menu: Pick<Menu, 'id' | 'name' | 'is_base'> | null;
  onClose: () => void;
  onSaved: (menu: Menu) => void;
}

/** Create a menu or change its title and whether it is the base menu. Mounted only while open. */
export function MenuDialog({ menu, onClose, onSaved }: Props) {
  const intl = useIntl();
  const titleId = useId();
  const [name, setName] = useState(menu?.name ?? '');
  const [isBase, setIsBase] = useState(menu?.is_base ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveMenuMutation(menu?.id ?? null, {
    onSuccess: onSaved,
    onError: (error) => setErrors(serverMessages(error, 'menus.error.update')),
  });

  const submit = () => {
    const body = { name, is_base: isBase };
    const problems = checkMenuInput(body);
    if (problems.length > 0) return setErrors(problemMessages(problems));
    save.mutate(body);
  };
  const message = (field: string) => (errors[field] ? intl.formatMessage({ id: errors[field] }) : undefined);

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid="menu-dialog"
    >
      <DialogTitle id={titleId}>
        <FormattedMessage id={menu ? 'menus.dialog.editTitle' : 'menus.dialog.createTitle'} />
      </DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextField
            name="name"
            label={intl.formatMessage({ id: 'menus.field.name' })}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(errors.name)}
            helperText={message('name') ?? `${name.trim().length}/${MENU_NAME_MAX}`}
            required
            autoFocus
          />
          <FormControlLabel
            control={
              <Checkbox checked={isBase} onChange={(e) => setIsBase(e.target.checked)} name="is_base" />
            }
            label={<FormattedMessage id="menus.field.isBase" />}
          />
          {errors.general && (
            <Typography color="error" role="alert">
              {message('general')}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="menus.action.cancel" />
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="menu-save">
          <FormattedMessage id="menus.action.save" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
