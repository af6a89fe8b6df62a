import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { checkMenuInput, MENU_NAME_MAX, type Menu } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialog } from '../../../core/dialogs/form-dialog.tsx';
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
    <FormDialog
      title={<FormattedMessage id={menu ? 'menus.dialog.editTitle' : 'menus.dialog.createTitle'} />}
      generalError={message('general')}
      saveLabel={<FormattedMessage id="menus.action.save" />}
      cancelLabel={<FormattedMessage id="menus.action.cancel" />}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      testId="menu-dialog"
      saveTestId="menu-save"
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
        control={<Checkbox checked={isBase} onChange={(e) => setIsBase(e.target.checked)} name="is_base" />}
        label={<FormattedMessage id="menus.field.isBase" />}
      />
    </FormDialog>
  );
}
