import {
  categoryDeletePreviewSchema,
  categoryDeleteResultSchema,
  categoryListSchema,
  categoryNameLookupSchema,
  categoryPaths,
  categorySchema,
  type Category,
  type CategoryDeletePreview,
  type CategoryDeleteResult,
  type CategoryImageKind,
  type CategoryList,
  type CategoryNameLookup,
  type CategoryWriteBody,
} from '@agora/contract';
import { apiData } from '../../../core/http/api-client.ts';
import type { JsonValue } from '../../../core/http/http-request.ts';

/** Query keys of the categories area, per community (internal_url). */
export const categoryKeys = {
  all: ['categories'] as const,
  list: (internalUrl: string) => [...categoryKeys.all, 'list', internalUrl] as const,
  name: (internalUrl: string, name: string) => [...categoryKeys.all, 'name', internalUrl, name] as const,
  deletePreview: (internalUrl: string, id: number) =>
    [...categoryKeys.all, 'delete-preview', internalUrl, id] as const,
};

/** The whole list is one page: categories are ordered by hand, so all of them are shown together. */
export const CATEGORY_LIST_LIMIT = 500;

const withId = (path: string, id: number) => path.replace(':id', String(id));
const json = (body: JsonValue) => ({ json: true as const, body });

/** Every category of the community, in its manual order. */
export async function fetchCategories(): Promise<CategoryList> {
  return categoryListSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: categoryPaths.list,
      query: { limit: CATEGORY_LIST_LIMIT },
    }),
  );
}

export async function addCategory(body: CategoryWriteBody): Promise<Category> {
  return categorySchema.parse(
    await apiData<unknown>({ target: 'stack', method: 'POST', path: categoryPaths.add, ...json(body) }),
  );
}

export async function updateCategory(id: number, body: CategoryWriteBody): Promise<Category> {
  return categorySchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: withId(categoryPaths.update, id),
      ...json(body),
    }),
  );
}

/** `order_all`: every category's id in the new order. */
export async function orderCategories(ids: number[]): Promise<void> {
  await apiData<unknown>({ target: 'stack', method: 'POST', path: categoryPaths.order, ...json({ ids }) });
}

/** Uploads the wide image or the thumbnail (multipart `file`); the category as saved. */
export async function uploadCategoryImage(
  id: number,
  kind: CategoryImageKind,
  file: File,
): Promise<Category> {
  const body = new FormData();
  body.set('file', file, file.name);
  return categorySchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: withId(categoryPaths.image, id),
      query: { kind },
      body,
    }),
  );
}

export async function removeCategoryImage(id: number, kind: CategoryImageKind): Promise<Category> {
  return categorySchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'DELETE',
      path: withId(categoryPaths.image, id),
      query: { kind },
    }),
  );
}

/** What deleting would do: how many contents the category holds. */
export async function fetchDeletePreview(id: number): Promise<CategoryDeletePreview> {
  return categoryDeletePreviewSchema.parse(
    await apiData<unknown>({ target: 'stack', path: withId(categoryPaths.delete, id) }),
  );
}

export async function deleteCategory(id: number, moveTo: number | null): Promise<CategoryDeleteResult> {
  return categoryDeleteResultSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: withId(categoryPaths.delete, id),
      ...json(moveTo === null ? {} : { move_to: moveTo }),
    }),
  );
}

/** `name/{name}`: whether a title is taken, and the permalink it derives to. */
export async function lookupCategoryName(name: string): Promise<CategoryNameLookup> {
  return categoryNameLookupSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: categoryPaths.name.replace(':name', encodeURIComponent(name)),
    }),
  );
}
