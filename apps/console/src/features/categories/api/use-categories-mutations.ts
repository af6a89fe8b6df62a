import type {
  Category,
  CategoryDeleteResult,
  CategoryImageKind,
  CategoryList,
  CategoryWriteBody,
} from '@agora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateDynamicPreferences } from '../../../core/dynamic-preferences/dynamic-preference-api.ts';
import { multipleReceived } from '../../../core/dynamic-preferences/dynamic-preference-state.ts';
import { useDynamicPreferenceStore } from '../../../core/dynamic-preferences/dynamic-preference-store.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  addCategory,
  categoryKeys,
  deleteCategory,
  orderCategories,
  removeCategoryImage,
  updateCategory,
  uploadCategoryImage,
} from './categories-api.ts';

/** The preference that makes members see the manual order (issue 13 §1). */
export const MANUAL_ORDER_PREFERENCE = 'manual_categories_order_enabled';

/** An image change held by the dialog until Save: a file to upload, or null to remove the image. */
export type ImageChanges = Partial<Record<CategoryImageKind, File | null>>;

export interface CategorySave {
  /** The category to update, or null to add one. */
  id: number | null;
  body: CategoryWriteBody;
  images: ImageChanges;
}

/** A saved category whose images could not all be stored: the fields are saved, the images are not. */
export class CategoryImageError extends Error {
  constructor(
    readonly category: Category,
    readonly kind: CategoryImageKind,
    override readonly cause: unknown,
  ) {
    super('category image not saved');
  }
}

/**
 * Adds or updates a category, then stores its image changes (an upload needs the category's id).
 * The list is asked for again whatever the outcome, so a category added before an image failed shows.
 */
export function useSaveCategoryMutation(callbacks: MutationCallbacks<Category, CategorySave> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: async ({ id, body, images }: CategorySave) => {
      let saved = id === null ? await addCategory(body) : await updateCategory(id, body);
      for (const [kind, file] of Object.entries(images) as [CategoryImageKind, File | null][]) {
        try {
          saved =
            file === null
              ? await removeCategoryImage(saved.id, kind)
              : await uploadCategoryImage(saved.id, kind, file);
        } catch (error) {
          throw new CategoryImageError(saved, kind, error);
        }
      }
      return saved;
    },
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => client.invalidateQueries({ queryKey: categoryKeys.list(internalUrl) }),
  });
}

export interface CategoryActiveChange {
  id: number;
  active: boolean;
}

/** Switches a category on or off at once; its row takes the saved category. */
export function useSetCategoryActiveMutation(
  callbacks: MutationCallbacks<Category, CategoryActiveChange> = {},
) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: ({ id, active }: CategoryActiveChange) => updateCategory(id, { active }),
    onSuccess: (saved, change) => {
      client.setQueryData<CategoryList>(categoryKeys.list(internalUrl), (list) =>
        list ? { ...list, results: list.results.map((c) => (c.id === saved.id ? saved : c)) } : list,
      );
      callbacks.onSuccess?.(saved, change);
    },
    onError: callbacks.onError,
  });
}

/**
 * Saves the manual order (`order_all`, every id): the rows move before the server answers and the
 * list is asked for again whatever the outcome, so a refused order shows as it stands.
 */
export function useOrderCategoriesMutation(callbacks: MutationCallbacks<void, number[]> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  const key = categoryKeys.list(internalUrl);
  return useMutation({
    mutationFn: (ids: number[]) => orderCategories(ids),
    onMutate: async (ids: number[]) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<CategoryList>(key, (list) => {
        if (!list) return list;
        const byId = new Map(list.results.map((c) => [c.id, c]));
        const results = ids.flatMap((id, index) => {
          const category = byId.get(id);
          return category ? [{ ...category, order: index + 1 }] : [];
        });
        return { ...list, results };
      });
    },
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export interface CategoryDelete {
  id: number;
  /** The category receiving its contents, when it has some. */
  moveTo: number | null;
}

export function useDeleteCategoryMutation(
  callbacks: MutationCallbacks<CategoryDeleteResult, CategoryDelete> = {},
) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: ({ id, moveTo }: CategoryDelete) => deleteCategory(id, moveTo),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => client.invalidateQueries({ queryKey: categoryKeys.list(internalUrl) }),
  });
}

/** Turns the members' manual order on or off; the shared preference store takes the saved value. */
export function useManualOrderMutation(callbacks: MutationCallbacks<void, boolean> = {}) {
  return useMutation({
    mutationFn: async (on: boolean) => {
      const saved = await updateDynamicPreferences({ [MANUAL_ORDER_PREFERENCE]: on });
      useDynamicPreferenceStore.setState((state) => multipleReceived(state, saved));
    },
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}
