import {
  mediaFileListSchema,
  mediaFileSchema,
  mediaFolderListSchema,
  mediaFolderSchema,
  mediaLibraryPaths as paths,
  type MediaFile,
  type MediaFileList,
  type MediaFolder,
  type MediaFolderList,
} from '@agora/contract';
import { apiData } from '../../../core/http/api-client.ts';
import { uploadWithProgress } from '../../../core/http/upload-with-progress.ts';

/** Query keys of the media library, per community (internal_url). */
export const mediaKeys = {
  all: ['media-library'] as const,
  folders: (internalUrl: string) => [...mediaKeys.all, 'folders', internalUrl] as const,
  files: (internalUrl: string) => [...mediaKeys.all, 'files', internalUrl] as const,
  page: (internalUrl: string, folder: number | null, offset: number, limit: number) =>
    [...mediaKeys.files(internalUrl), folder, offset, limit] as const,
};

const withId = (path: string, id: number) => path.replace(':id', String(id));

export async function fetchFolders(): Promise<MediaFolderList> {
  return mediaFolderListSchema.parse(await apiData<unknown>({ target: 'stack', path: paths.folders }));
}

export async function fetchFiles(
  folder: number | null,
  offset: number,
  limit: number,
): Promise<MediaFileList> {
  return mediaFileListSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: paths.files,
      query: { ...(folder !== null ? { folder } : {}), offset, limit },
    }),
  );
}

export async function saveFolder(id: number | null, name: string): Promise<MediaFolder> {
  return mediaFolderSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: id === null ? paths.folderAdd : withId(paths.folderUpdate, id),
      json: true,
      body: { name },
    }),
  );
}

export async function deleteFolder(id: number, moveFiles: boolean): Promise<void> {
  await apiData<unknown>({
    target: 'stack',
    method: 'POST',
    path: withId(paths.folderDelete, id),
    json: true,
    body: { move_files: moveFiles },
  });
}

export async function deleteFile(id: number): Promise<void> {
  await apiData<unknown>({ target: 'stack', method: 'POST', path: withId(paths.fileDelete, id) });
}

/** What an upload or an edit sends; only the fields given change, a file replaces the current one. */
export interface MediaFileChange {
  file?: File;
  name?: string;
  alt?: string;
  /** A folder id, or null for the top of the library. */
  folder?: number | null;
}

function formOf(change: MediaFileChange): FormData {
  const body = new FormData();
  if (change.name !== undefined) body.set('name', change.name);
  if (change.alt !== undefined) body.set('alt', change.alt);
  if (change.folder !== undefined) body.set('folder', change.folder === null ? '' : String(change.folder));
  if (change.file) body.set('file', change.file, change.file.name);
  return body;
}

/** Sends an image form with upload progress (core's uploadWithProgress). */
async function sendForm(path: string, change: MediaFileChange, onProgress?: (percent: number) => void) {
  return mediaFileSchema.parse(await uploadWithProgress(path, formOf(change), onProgress));
}

export function uploadFile(
  change: MediaFileChange,
  onProgress?: (percent: number) => void,
): Promise<MediaFile> {
  return sendForm(paths.fileAdd, change, onProgress);
}

export function updateFile(
  id: number,
  change: MediaFileChange,
  onProgress?: (percent: number) => void,
): Promise<MediaFile> {
  return sendForm(withId(paths.fileUpdate, id), change, onProgress);
}
