import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MediaFile, MediaFolder } from '@agora/contract';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialog } from '../../../core/dialogs/form-dialog.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { useSaveFileMutation } from '../api/use-media-library.ts';
import { mediaErrorText, mediaFieldError } from './media-messages.ts';

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
const TOP = 'top';

/** Edits an image: name, alternative text, folder, or a new file served at the same address. */
export function FileDialog({
  file,
  folders,
  onClose,
}: {
  file: MediaFile;
  folders: readonly MediaFolder[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const [name, setName] = useState(file.name);
  const [alt, setAlt] = useState(file.alt);
  const [folder, setFolder] = useState<string>(file.folder_id === null ? TOP : String(file.folder_id));
  const [replacement, setReplacement] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const save = useSaveFileMutation({
    onSuccess: (saved) => {
      notify({ messageId: 'mediaLibrary.saved', values: { name: saved.name }, variant: 'success' });
      onClose();
    },
  });
  const fieldError = (field: string) => (save.error ? mediaFieldError(intl, save.error, field) : null);
  const known = ['name', 'alt', 'folder', 'file'].some((f) => fieldError(f) !== null);
  return (
    <FormDialog
      title={<FormattedMessage id="mediaLibrary.dialog.edit" />}
      saveLabel={<FormattedMessage id="mediaLibrary.action.save" />}
      cancelLabel={<FormattedMessage id="mediaLibrary.action.cancel" />}
      saving={save.isPending}
      generalError={save.error && !known ? mediaErrorText(intl, save.error) : undefined}
      onSave={() =>
        save.mutate({
          id: file.id,
          change: {
            name,
            alt,
            folder: folder === TOP ? null : Number(folder),
            ...(replacement ? { file: replacement } : {}),
          },
        })
      }
      onClose={onClose}
      testId="media-file-dialog"
      saveTestId="media-file-save"
    >
      <TextField
        label={<FormattedMessage id="mediaLibrary.field.url" />}
        value={file.custom_file}
        slotProps={{ htmlInput: { readOnly: true } }}
        onFocus={(e) => e.target.select()}
      />
      <TextField
        name="name"
        label={<FormattedMessage id="mediaLibrary.field.name" />}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={fieldError('name') !== null}
        helperText={fieldError('name') ?? ' '}
        required
        autoFocus
      />
      <TextField
        name="alt"
        label={<FormattedMessage id="mediaLibrary.field.alt" />}
        value={alt}
        onChange={(e) => setAlt(e.target.value)}
        error={fieldError('alt') !== null}
        helperText={fieldError('alt') ?? <FormattedMessage id="mediaLibrary.field.altHelp" />}
        multiline
      />
      <TextField
        select
        name="folder"
        label={<FormattedMessage id="mediaLibrary.field.folder" />}
        value={folder}
        onChange={(e) => setFolder(e.target.value)}
        error={fieldError('folder') !== null}
        helperText={fieldError('folder') ?? ' '}
      >
        <MenuItem value={TOP}>
          <FormattedMessage id="mediaLibrary.top" />
        </MenuItem>
        {folders.map((f) => (
          <MenuItem key={f.id} value={String(f.id)}>
            {f.name}
          </MenuItem>
        ))}
      </TextField>
      <div>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          data-testid="media-file-replace-input"
          onChange={(e) => setReplacement(e.target.files?.[0] ?? null)}
        />
        <Button variant="outlined" onClick={() => input.current?.click()}>
          <FormattedMessage id="mediaLibrary.field.replace" />
        </Button>
        <Typography
          variant="body2"
          color={fieldError('file') ? 'error' : 'text.secondary'}
          sx={{ mt: 1 }}
          role={fieldError('file') ? 'alert' : undefined}
        >
          {fieldError('file') ??
            (replacement ? (
              <FormattedMessage id="mediaLibrary.field.replaceChosen" values={{ name: replacement.name }} />
            ) : (
              <FormattedMessage id="mediaLibrary.field.replaceHelp" />
            ))}
        </Typography>
        {save.progress !== null && (
          <LinearProgress
            variant="determinate"
            value={save.progress}
            sx={{ mt: 1 }}
            aria-label={intl.formatMessage(
              { id: 'mediaLibrary.uploading' },
              { name: replacement?.name ?? file.name, percent: save.progress },
            )}
          />
        )}
      </div>
    </FormDialog>
  );
}
