import TextField from '@mui/material/TextField';
import type { MediaFolder } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialog } from '../../../core/dialogs/form-dialog.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { useSaveFolderMutation } from '../api/use-media-library.ts';
import { mediaErrorText, mediaFieldError } from './media-messages.ts';

/** Creates a folder (folder null) or renames one. */
export function FolderDialog({ folder, onClose }: { folder: MediaFolder | null; onClose: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState(folder?.name ?? '');
  const save = useSaveFolderMutation({
    onSuccess: (saved) => {
      notify({ messageId: 'mediaLibrary.folderSaved', values: { name: saved.name }, variant: 'success' });
      onClose();
    },
  });
  const nameError = save.error ? mediaFieldError(intl, save.error, 'name', true) : null;
  return (
    <FormDialog
      title={
        <FormattedMessage
          id={folder ? 'mediaLibrary.dialog.renameFolder' : 'mediaLibrary.dialog.newFolder'}
        />
      }
      saveLabel={<FormattedMessage id="mediaLibrary.action.save" />}
      cancelLabel={<FormattedMessage id="mediaLibrary.action.cancel" />}
      saving={save.isPending}
      generalError={save.error && !nameError ? mediaErrorText(intl, save.error) : undefined}
      onSave={() => save.mutate({ id: folder?.id ?? null, name })}
      onClose={onClose}
      testId="media-folder-dialog"
    >
      <TextField
        label={<FormattedMessage id="mediaLibrary.field.folderName" />}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={nameError !== null}
        helperText={nameError ?? ' '}
        autoFocus
        required
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
    </FormDialog>
  );
}
