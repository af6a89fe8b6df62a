import type { MediaFile, MediaFolder } from '@agora/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  deleteFile,
  deleteFolder,
  fetchFiles,
  fetchFolders,
  mediaKeys,
  saveFolder,
  updateFile,
  uploadFile,
  type MediaFileChange,
} from './media-library-api.ts';

/** The library's folders with their counts, and how many images sit outside every folder. */
export function useMediaFoldersQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: mediaKeys.folders(internalUrl),
    queryFn: fetchFolders,
    enabled: internalUrl !== '',
  });
}

/** One page of a folder's images (null: the top of the library), newest first. */
export function useMediaFilesQuery(folder: number | null, offset: number, limit: number) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: mediaKeys.page(internalUrl, folder, offset, limit),
    queryFn: () => fetchFiles(folder, offset, limit),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

/** After any write: folders' counts and the pages of images are asked for again. */
function useRefreshLibrary() {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return () => {
    void client.invalidateQueries({ queryKey: mediaKeys.folders(internalUrl) });
    void client.invalidateQueries({ queryKey: mediaKeys.files(internalUrl) });
  };
}

export interface FolderSave {
  /** The folder to rename, or null to create one. */
  id: number | null;
  name: string;
}

export function useSaveFolderMutation(callbacks: MutationCallbacks<MediaFolder, FolderSave> = {}) {
  const refresh = useRefreshLibrary();
  return useMutation({
    mutationFn: ({ id, name }: FolderSave) => saveFolder(id, name),
    onSuccess: (saved, save) => {
      refresh();
      callbacks.onSuccess?.(saved, save);
    },
    onError: callbacks.onError,
  });
}

export function useDeleteFolderMutation(callbacks: MutationCallbacks<void, MediaFolder> = {}) {
  const refresh = useRefreshLibrary();
  return useMutation({
    // A folder with images is deleted only after the admin agreed to move them to the top.
    mutationFn: (folder: MediaFolder) => deleteFolder(folder.id, folder.files > 0),
    onSuccess: (_, folder) => {
      refresh();
      callbacks.onSuccess?.(undefined, folder);
    },
    onError: callbacks.onError,
  });
}

export interface FileSave {
  /** The image to edit, or null to upload a new one. */
  id: number | null;
  change: MediaFileChange;
}

/** Uploads or edits an image, with the upload's progress in percent (null when nothing is sent). */
export function useSaveFileMutation(callbacks: MutationCallbacks<MediaFile, FileSave> = {}) {
  const refresh = useRefreshLibrary();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ id, change }: FileSave) => {
      setProgress(change.file ? 0 : null);
      return id === null ? uploadFile(change, setProgress) : updateFile(id, change, setProgress);
    },
    onSuccess: (saved, save) => {
      setProgress(null);
      refresh();
      callbacks.onSuccess?.(saved, save);
    },
    onError: (error, save) => {
      setProgress(null);
      callbacks.onError?.(error, save);
    },
  });
  return { ...mutation, progress };
}

export function useDeleteFileMutation(callbacks: MutationCallbacks<void, MediaFile> = {}) {
  const refresh = useRefreshLibrary();
  return useMutation({
    mutationFn: (file: MediaFile) => deleteFile(file.id),
    onSuccess: (_, file) => {
      refresh();
      callbacks.onSuccess?.(undefined, file);
    },
    onError: callbacks.onError,
  });
}
