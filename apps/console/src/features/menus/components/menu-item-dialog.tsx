import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  checkMenuItemInput,
  type Menu,
  type MenuItem as MenuEntry,
  type MenuItemAttrs,
} from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialog } from '../../../core/dialogs/form-dialog.tsx';
import { useAllMenusQuery } from '../api/use-menus-queries.ts';
import { useSaveMenuItemMutation } from '../api/use-menus-mutations.ts';
import { problemMessages, serverMessages } from './menu-problems.ts';

interface Props {
  /** The menu the dialog was opened from (preselected for a new item). */
  menuId: number;
  /** The item to edit, or null to add one. */
  item: MenuEntry | null;
  onClose: () => void;
  onSaved: (menu: Menu) => void;
}

/** The link attributes from the dialog's two choices: a new tab (safely) and nofollow. */
function attrsOf(newTab: boolean, nofollow: boolean, title?: string): MenuItemAttrs {
  const rel: NonNullable<MenuItemAttrs['rel']> = [];
  if (newTab) rel.push('noopener', 'noreferrer');
  if (nofollow) rel.push('nofollow');
  return {
    ...(newTab ? { target: '_blank' as const } : {}),
    ...(rel.length > 0 ? { rel } : {}),
    ...(title ? { title } : {}),
  };
}

/** Add or edit a menu item: its menu, label, url (absolute or relative) and how the link opens. */
export function MenuItemDialog({ menuId, item, onClose, onSaved }: Props) {
  const intl = useIntl();
  const menus = useAllMenusQuery();
  const [menu, setMenu] = useState<number | ''>(item?.custom_menu ?? menuId);
  const [label, setLabel] = useState(item?.label ?? '');
  const [url, setUrl] = useState(item?.url ?? '');
  const [newTab, setNewTab] = useState(item?.attrs.target === '_blank');
  const [nofollow, setNofollow] = useState(item?.attrs.rel?.includes('nofollow') ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveMenuItemMutation(item ? { id: item.id, menuId: item.custom_menu } : null, {
    onSuccess: onSaved,
    onError: (error) => setErrors(serverMessages(error, 'menus.error.itemUpdate')),
  });

  const submit = () => {
    const body = {
      menu: menu === '' ? null : menu,
      label,
      url: url.trim(),
      attrs: attrsOf(newTab, nofollow, item?.attrs.title),
    };
    const problems = checkMenuItemInput(body);
    if (problems.length > 0) return setErrors(problemMessages(problems));
    setErrors({});
    save.mutate(body);
  };
  const message = (field: string) => (errors[field] ? intl.formatMessage({ id: errors[field] }) : undefined);
  const options = menus.data?.results ?? [];

  return (
    <FormDialog
      title={<FormattedMessage id={item ? 'menus.item.editTitle' : 'menus.item.createTitle'} />}
      generalError={message('general')}
      saveLabel={<FormattedMessage id="menus.action.save" />}
      cancelLabel={<FormattedMessage id="menus.action.cancel" />}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      testId="menu-item-dialog"
      saveTestId="menu-item-save"
    >
      <TextField
        select
        name="menu"
        label={intl.formatMessage({ id: 'menus.field.menu' })}
        value={options.some((m) => m.id === menu) ? menu : ''}
        onChange={(e) => setMenu(e.target.value === '' ? '' : Number(e.target.value))}
        error={Boolean(errors.menu)}
        helperText={message('menu')}
        required
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'menu-item-menu' } as object } }}
      >
        {options.map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        name="label"
        label={intl.formatMessage({ id: 'menus.field.label' })}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={Boolean(errors.label)}
        helperText={message('label')}
        required
        autoFocus
      />
      <TextField
        name="url"
        label={intl.formatMessage({ id: 'menus.field.url' })}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={Boolean(errors.url)}
        helperText={message('url') ?? intl.formatMessage({ id: 'menus.field.urlHelp' })}
        required
        inputMode="url"
      />
      <FormControlLabel
        control={<Checkbox checked={newTab} onChange={(e) => setNewTab(e.target.checked)} name="new_tab" />}
        label={
          <>
            <FormattedMessage id="menus.field.target" />: <FormattedMessage id="menus.target.blank" />
          </>
        }
      />
      <FormControlLabel
        control={
          <Checkbox checked={nofollow} onChange={(e) => setNofollow(e.target.checked)} name="nofollow" />
        }
        label={<FormattedMessage id="menus.field.nofollow" />}
      />
      {errors.attrs && (
        <Typography variant="caption" color="error">
          {message('attrs')}
        </Typography>
      )}
    </FormDialog>
  );
}
