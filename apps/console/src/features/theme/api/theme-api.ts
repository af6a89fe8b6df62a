import { themePaths, uploadImageResultSchema, type UploadImageResult } from '@agora/contract';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { multipleReceived } from '../../../core/dynamic-preferences/dynamic-preference-state.ts';
import { useDynamicPreferenceStore } from '../../../core/dynamic-preferences/dynamic-preference-store.ts';

/** Query and mutation keys of the theme area. */
export const themeKeys = {
  all: ['theme'] as const,
  image: (name: string) => [...themeKeys.all, 'image', name] as const,
};

function received(result: UploadImageResult): UploadImageResult {
  useDynamicPreferenceStore.setState((state) => multipleReceived(state, [result.preference]));
  return result;
}

/** Sends an image (multipart: name + file); the preference's new value is put in the shared store. */
export async function uploadThemeImage(
  name: string,
  file: Blob,
  fileName: string,
): Promise<UploadImageResult> {
  const body = new FormData();
  body.set('name', name);
  body.set('file', file, fileName);
  const answer = await apiData<unknown>({
    target: 'stack',
    method: 'POST',
    path: themePaths.uploadImage,
    body,
  });
  return received(uploadImageResultSchema.parse(answer));
}

/** Clears an image preference (the server deletes its files when nothing else uses them). */
export async function removeThemeImage(name: string): Promise<UploadImageResult> {
  const body = new FormData();
  body.set('name', name);
  body.set('remove', 'true');
  const answer = await apiData<unknown>({
    target: 'stack',
    method: 'POST',
    path: themePaths.uploadImage,
    body,
  });
  return received(uploadImageResultSchema.parse(answer));
}

/** Uploads one image preference; its new value goes to the shared preference store. */
export function useUploadThemeImageMutation(
  name: string,
  callbacks: MutationCallbacks<UploadImageResult, File> = {},
) {
  return useMutation({
    mutationKey: themeKeys.image(name),
    mutationFn: (file: File) => uploadThemeImage(name, file, file.name),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}

/** Clears one image preference; its empty value goes to the shared preference store. */
export function useRemoveThemeImageMutation(
  name: string,
  callbacks: MutationCallbacks<UploadImageResult, void> = {},
) {
  return useMutation({
    mutationKey: themeKeys.image(name),
    mutationFn: () => removeThemeImage(name),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}
