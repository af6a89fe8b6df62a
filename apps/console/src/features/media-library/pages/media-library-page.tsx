import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MediaFile, MediaFolder } from '@agora/contract';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import {
  useDeleteFileMutation,
  useDeleteFolderMutation,
  useMediaFilesQuery,
  useMediaFoldersQuery,
  useSaveFileMutation,
} from '../api/use-media-library.ts';
import { FileCard } from '../components/file-card.tsx';
import { FileDialog, IMAGE_ACCEPT } from '../components/file-dialog.tsx';
import { FolderBar } from '../components/folder-bar.tsx';
import { FolderDialog } from '../components/folder-dialog.tsx';
import { mediaErrorText } from '../components/media-messages.ts';

const PAGE_SIZE = 24;

/** Media library (spec mgmt §7 custom files; issue 13 §4): folders, a grid of images, upload, edit, delete. */
export default function MediaLibraryPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const folderParam = Number(params.get('folder'));
  const current = Number.isInteger(folderParam) && folderParam > 0 ? folderParam : null;
  const [offset, setOffset] = useState(0);
  const folders = useMediaFoldersQuery();
  const files = useMediaFilesQuery(current, offset, PAGE_SIZE);
  const currentFolder = folders.data?.results.find((f) => f.id === current) ?? null;
  const [folderDialog, setFolderDialog] = useState<MediaFolder | 'new' | null>(null);
  const [editing, setEditing] = useState<MediaFile | null>(null);
  const [deletingFile, setDeletingFile] = useState<MediaFile | null>(null);
  const [deletingFolder, setDeletingFolder] = useState<MediaFolder | null>(null);
  const [uploadName, setUploadName] = useState('');
  const [uploadError, setUploadError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const failed = (error: Error) =>
    notify({
      messageId: 'mediaLibrary.error.notice',
      values: { message: mediaErrorText(intl, error) },
      variant: 'error',
    });
  const upload = useSaveFileMutation({
    onSuccess: (saved) => {
      setOffset(0);
      notify({ messageId: 'mediaLibrary.uploaded', values: { name: saved.name }, variant: 'success' });
    },
    onError: (error) => setUploadError(mediaErrorText(intl, error)),
  });
  const removeFile = useDeleteFileMutation({
    onSuccess: (_, file) => {
      setDeletingFile(null);
      notify({ messageId: 'mediaLibrary.deleted', values: { name: file.name }, variant: 'success' });
    },
    onError: failed,
  });
  const removeFolder = useDeleteFolderMutation({
    onSuccess: (_, folder) => {
      setDeletingFolder(null);
      open(null);
      notify({ messageId: 'mediaLibrary.folderDeleted', values: { name: folder.name }, variant: 'success' });
    },
    onError: failed,
  });

  function open(folder: number | null) {
    setOffset(0);
    setParams(folder === null ? {} : { folder: String(folder) });
  }

  function chosen(file: File | undefined) {
    if (!file) return;
    setUploadName(file.name);
    setUploadError(null);
    upload.mutate({ id: null, change: { file, name: file.name, folder: current } });
  }

  async function copy(file: MediaFile) {
    try {
      await navigator.clipboard.writeText(file.custom_file);
      notify({ messageId: 'mediaLibrary.copied', variant: 'success' });
    } catch {
      notify({ messageId: 'mediaLibrary.copyFailed', variant: 'error' });
    }
  }

  const rows = files.data?.results ?? [];
  return (
    <Box data-testid="media-library-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h4" component="h1">
          <FormattedMessage id="mediaLibrary.title" />
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" onClick={() => setFolderDialog('new')}>
            <FormattedMessage id="mediaLibrary.action.newFolder" />
          </Button>
          <input
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            hidden
            data-testid="media-upload-input"
            onChange={(e) => {
              chosen(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button variant="contained" disabled={upload.isPending} onClick={() => input.current?.click()}>
            <FormattedMessage id="mediaLibrary.action.upload" />
          </Button>
        </Stack>
      </Stack>
      <Typography color="text.secondary">
        <FormattedMessage id="mediaLibrary.intro" /> <FormattedMessage id="mediaLibrary.uploadHint" />
      </Typography>
      <FolderBar folders={folders.data} current={current} onOpen={open} />
      {currentFolder && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" onClick={() => setFolderDialog(currentFolder)}>
            <FormattedMessage id="mediaLibrary.action.renameFolder" />
          </Button>
          <Button size="small" color="error" onClick={() => setDeletingFolder(currentFolder)}>
            <FormattedMessage id="mediaLibrary.action.deleteFolder" />
          </Button>
        </Stack>
      )}
      <Box aria-live="polite">
        {upload.progress !== null && (
          <Box data-testid="media-upload-progress">
            <Typography variant="body2">
              <FormattedMessage
                id="mediaLibrary.uploading"
                values={{ name: uploadName, percent: upload.progress }}
              />
            </Typography>
            <LinearProgress
              variant="determinate"
              value={upload.progress}
              aria-label={intl.formatMessage(
                { id: 'mediaLibrary.uploading' },
                { name: uploadName, percent: upload.progress },
              )}
            />
          </Box>
        )}
        {uploadError && (
          <Typography role="alert" color="error" data-testid="media-upload-error">
            {uploadError}
          </Typography>
        )}
      </Box>
      <ListScaffold
        query={files}
        empty={rows.length === 0}
        errorText={<FormattedMessage id="mediaLibrary.error.load" />}
        emptyText={<FormattedMessage id="mediaLibrary.empty" />}
        testId="media-files"
        pager={
          <ListPager
            offset={offset}
            pageSize={PAGE_SIZE}
            count={files.data?.count ?? 0}
            onOffset={setOffset}
            testId="media-pager"
          />
        }
      >
        <Box
          component="ul"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
            gap: 2,
            p: 0,
            m: 0,
            listStyle: 'none',
          }}
        >
          {rows.map((file) => (
            <FileCard
              key={file.id}
              file={file}
              onCopy={(f) => void copy(f)}
              onEdit={setEditing}
              onDelete={setDeletingFile}
            />
          ))}
        </Box>
      </ListScaffold>
      {folderDialog !== null && (
        <FolderDialog
          folder={folderDialog === 'new' ? null : folderDialog}
          onClose={() => setFolderDialog(null)}
        />
      )}
      {editing && (
        <FileDialog
          key={editing.id}
          file={editing}
          folders={folders.data?.results ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deletingFile !== null}
        title={
          <FormattedMessage
            id="mediaLibrary.confirm.deleteFile"
            values={{ name: deletingFile?.name ?? '' }}
          />
        }
        text={<FormattedMessage id="mediaLibrary.confirm.deleteFileText" />}
        confirmLabel={<FormattedMessage id="mediaLibrary.action.delete" />}
        cancelLabel={<FormattedMessage id="mediaLibrary.action.cancel" />}
        busy={removeFile.isPending}
        onCancel={() => setDeletingFile(null)}
        onConfirm={() => deletingFile && removeFile.mutate(deletingFile)}
        testId="media-delete-file"
        confirmTestId="media-delete-file-confirm"
      />
      <ConfirmDialog
        open={deletingFolder !== null}
        title={
          <FormattedMessage
            id="mediaLibrary.confirm.deleteFolder"
            values={{ name: deletingFolder?.name ?? '' }}
          />
        }
        text={
          deletingFolder && deletingFolder.files > 0 ? (
            <FormattedMessage
              id="mediaLibrary.confirm.deleteFolderFiles"
              values={{ count: deletingFolder.files }}
            />
          ) : (
            <FormattedMessage id="mediaLibrary.confirm.deleteFolderEmpty" />
          )
        }
        confirmLabel={<FormattedMessage id="mediaLibrary.action.delete" />}
        cancelLabel={<FormattedMessage id="mediaLibrary.action.cancel" />}
        busy={removeFolder.isPending}
        onCancel={() => setDeletingFolder(null)}
        onConfirm={() => deletingFolder && removeFolder.mutate(deletingFolder)}
        testId="media-delete-folder"
      />
    </Box>
  );
}
