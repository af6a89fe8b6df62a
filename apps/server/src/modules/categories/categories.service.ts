import {
  CATEGORY_IMAGE_MAX_MB,
  CATEGORY_MESSAGES,
  CategoryErrorCode,
  ErrorCode,
  IMAGE_MESSAGES,
  ImageErrorCode,
  MB,
  categorySlugOf,
  checkCategoryInput,
  type Category,
  type CategoryDeletePreview,
  type CategoryDeleteResult,
  type CategoryImageKind,
  type CategoryList,
  type CategoryListQuery,
  type CategoryNameLookup,
  type CategoryWriteBody,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { storeCheckedImage } from '../theme/theme.service.ts';
import {
  contributionCountsByCategory,
  moveContributionsToCategory,
} from '../member-content/category-contents.repository.ts';
import {
  categoryFollowerCounts,
  followCategoryForEveryone,
} from '../member-people/category-interests.repository.ts';
import * as store from './category-store.ts';
import type { CategoryRow } from './category-store.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';

const M = CATEGORY_MESSAGES;
const truthy = (v: unknown) => v === true || v === 'true' || v === '1';
const falsy = (v: unknown) => v === false || v === 'false' || v === '0';
export const boolOf = (v: unknown): boolean | undefined => (truthy(v) ? true : falsy(v) ? false : undefined);

type Deps = Pick<PlatformDeps, 'db' | 'clock' | 'config'>;

/** The console's Category objects of these rows, with their content and follower counts. */
export async function presentCategories(
  deps: Deps,
  stackId: number,
  rows: CategoryRow[],
): Promise<Category[]> {
  const ids = rows.map((r) => r.id);
  const [contents, followers] = await Promise.all([
    contributionCountsByCategory(deps.db, stackId, ids),
    categoryFollowerCounts(deps.db, stackId, ids),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    name_synonyms: r.name_synonyms,
    slug: r.slug,
    slogan: r.slogan,
    seo_title: r.seo_title,
    seo_description: r.seo_description,
    image_url: r.image_url,
    image_position: r.image_position,
    thumbnail_url: r.thumbnail_url,
    auto_follow: r.auto_follow,
    active: r.active,
    order: r.position,
    content_only_staff: r.content_only_staff,
    stream_order_by: r.stream_order_by,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    contents_count: contents.get(r.id) ?? 0,
    followers_count: followers.get(r.id) ?? 0,
  }));
}

/** Rules of a community's categories, shared by the console and the member API. */
export function createCategoriesService(deps: Deps & { storage?: FileStorage }) {
  const { db, clock } = deps;

  async function existing(stackId: number, id: number): Promise<CategoryRow> {
    const row = await store.findCategory(db, stackId, id);
    if (!row) throw AppError.notFound(M.notFound);
    return row;
  }

  async function one(stackId: number, id: number): Promise<Category> {
    const [category] = await presentCategories(deps, stackId, [await existing(stackId, id)]);
    return category as Category;
  }

  /** A free permalink from `base`: `base`, then `base-2`, `base-3`… */
  async function freeSlug(stackId: number, base: string, exceptId: number | null): Promise<string> {
    const taken = await store.slugsLike(db, stackId, base);
    if (exceptId !== null) {
      const own = await store.findCategory(db, stackId, exceptId);
      if (own) taken.delete(own.slug);
    }
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) {
      const candidate = `${base.slice(0, 100 - String(n).length - 1)}-${n}`;
      if (!taken.has(candidate)) return candidate;
    }
  }

  /** Checks and normalises a write; the changes to store. */
  async function changesOf(
    stackId: number,
    body: CategoryWriteBody,
    current: CategoryRow | null,
  ): Promise<store.CategoryChanges> {
    const problems = checkCategoryInput(body, current !== null);
    if (problems.length > 0) {
      throw new AppError(
        400,
        problems.map((p) => errorEntry(p.code, p.message, p.field)),
      );
    }
    const changes: store.CategoryChanges = {};
    const name = body.name?.trim();
    if (name !== undefined) changes.name = name;
    const givenSlug = body.slug?.trim();
    if (givenSlug) changes.slug = givenSlug;
    else if (current === null || (name !== undefined && givenSlug === '')) {
      changes.slug = await freeSlug(
        stackId,
        categorySlugOf(name ?? current?.name ?? ''),
        current?.id ?? null,
      );
    }
    const clash = await store.findClash(
      db,
      stackId,
      { ...(name !== undefined ? { name } : {}), ...(givenSlug ? { slug: givenSlug } : {}) },
      current?.id ?? null,
    );
    const entries = [];
    if (clash.name) entries.push(errorEntry(ErrorCode.unique, M.titleUnique, 'name'));
    if (clash.slug) entries.push(errorEntry(ErrorCode.unique, M.slugUnique, 'slug'));
    if (entries.length > 0) throw new AppError(400, entries);
    for (const field of ['name_synonyms', 'slogan', 'seo_title', 'seo_description'] as const) {
      const value = body[field];
      if (value !== undefined) changes[field] = value.trim();
    }
    if (body.image_position !== undefined)
      changes.image_position = body.image_position as CategoryRow['image_position'];
    if (body.auto_follow !== undefined) changes.auto_follow = body.auto_follow as CategoryRow['auto_follow'];
    if (body.stream_order_by !== undefined) {
      changes.stream_order_by = body.stream_order_by as CategoryRow['stream_order_by'];
    }
    if (body.active !== undefined) changes.active = body.active;
    if (body.content_only_staff !== undefined) changes.content_only_staff = body.content_only_staff;
    return changes;
  }

  /** Forced auto-follow: every member follows an enabled forced category (existing members too). */
  async function applyForcedFollow(stackId: number, id: number): Promise<void> {
    const row = await store.findCategory(db, stackId, id);
    if (row && row.active && row.auto_follow === 'forced') {
      await followCategoryForEveryone(db, stackId, id, clock.now());
    }
  }

  /** A refused write that is no input problem: the spec's messages (mgmt §8). */
  function failed(error: unknown, code: 'add' | 'update'): never {
    if (isUniqueViolation(error)) {
      throw code === 'add'
        ? AppError.of(400, CategoryErrorCode.addFailed, M.addError)
        : AppError.of(400, CategoryErrorCode.updateFailed, M.editError);
    }
    throw error;
  }

  return {
    one,
    existing,

    async list(stackId: number, query: CategoryListQuery): Promise<CategoryList> {
      const { count, rows } = await store.pageOfCategoryRows(
        db,
        stackId,
        { search: query.search?.trim() || undefined, active: boolOf(query.active), order: 'manual' },
        query.limit,
        query.offset ?? 0,
      );
      return { count, results: await presentCategories(deps, stackId, rows) };
    },

    async add(stackId: number, body: CategoryWriteBody): Promise<Category> {
      const changes = await changesOf(stackId, body, null);
      let id: number;
      try {
        const row = { ...changes, name: changes.name as string, slug: changes.slug as string };
        id = await inTransaction(db, async (trx) => {
          const created = await store.insertCategory(trx, stackId, row, clock.now());
          const data = { id: created, name: row.name, slug: row.slug };
          await recordEvent(trx, { stackId, type: 'category.created', data, at: clock.now() });
          return created;
        });
      } catch (error) {
        failed(error, 'add');
      }
      await applyForcedFollow(stackId, id);
      return one(stackId, id);
    },

    async update(stackId: number, id: number, body: CategoryWriteBody): Promise<Category> {
      const current = await existing(stackId, id);
      const changes = await changesOf(stackId, body, current);
      try {
        await inTransaction(db, async (trx) => {
          await store.updateCategory(trx, stackId, id, changes, clock.now());
          const data = { id, ...changes };
          await recordEvent(trx, { stackId, type: 'category.updated', data, at: clock.now() });
        });
      } catch (error) {
        failed(error, 'update');
      }
      await applyForcedFollow(stackId, id);
      return one(stackId, id);
    },

    /** `order_all`: every category of the community, each once, in the new order. */
    async order(stackId: number, ids: readonly number[]): Promise<CategoryList> {
      const all = new Set(await store.categoryIdsOf(db, stackId));
      if (new Set(ids).size !== ids.length || ids.length !== all.size || ids.some((id) => !all.has(id))) {
        throw AppError.of(400, CategoryErrorCode.invalidOrder, M.invalidOrder, 'ids');
      }
      await store.setOrder(db, stackId, ids, clock.now());
      return this.list(stackId, {});
    },

    async deletePreview(stackId: number, id: number): Promise<CategoryDeletePreview> {
      await existing(stackId, id);
      const contents = (await contributionCountsByCategory(db, stackId, [id])).get(id) ?? 0;
      return { id, contents_count: contents, needs_target: contents > 0 };
    },

    /**
     * Deletes a category. Its contents move to `moveTo` first; with contents and no target the delete
     * is refused, so no content is left in a category that does not exist.
     */
    async delete(
      stackId: number,
      id: number,
      moveTo: number | null | undefined,
    ): Promise<CategoryDeleteResult> {
      await existing(stackId, id);
      return inTransaction(db, async (trx) => {
        const contents = (await contributionCountsByCategory(trx, stackId, [id])).get(id) ?? 0;
        let moved = 0;
        if (moveTo !== null && moveTo !== undefined) {
          if (moveTo === id || !(await store.findCategory(trx, stackId, moveTo))) {
            throw AppError.of(400, CategoryErrorCode.invalidMoveTarget, M.invalidMoveTarget, 'move_to');
          }
          moved = await moveContributionsToCategory(trx, stackId, id, moveTo);
        } else if (contents > 0) {
          throw AppError.of(409, CategoryErrorCode.hasContents, M.hasContents, 'move_to');
        }
        await store.markDeleted(trx, stackId, id, clock.now());
        await recordEvent(trx, { stackId, type: 'category.deleted', data: { id }, at: clock.now() });
        return {
          deleted: true as const,
          moved_contents: moved,
          moved_to: moved > 0 ? (moveTo ?? null) : null,
        };
      });
    },

    async nameLookup(stackId: number, name: string): Promise<CategoryNameLookup> {
      const trimmed = name.trim();
      const found = trimmed ? await store.findByName(db, stackId, trimmed) : undefined;
      const slug = categorySlugOf(trimmed);
      const clash = await store.findClash(db, stackId, { slug }, null);
      return {
        name: trimmed,
        exists: found !== undefined,
        id: found?.id ?? null,
        slug,
        slug_taken: clash.slug,
      };
    },

    /** Uploads the category image or thumbnail through the theme's content-checked pipeline. */
    async uploadImage(
      stack: { stackId: number; slug: string },
      id: number,
      kind: CategoryImageKind,
      file: unknown,
    ): Promise<Category> {
      await existing(stack.stackId, id);
      if (!Buffer.isBuffer(file) || file.length === 0) {
        throw AppError.of(400, ImageErrorCode.required, IMAGE_MESSAGES.required, 'file');
      }
      if (file.length > CATEGORY_IMAGE_MAX_MB * MB) {
        throw AppError.of(
          400,
          ImageErrorCode.tooLarge,
          IMAGE_MESSAGES.tooLarge(CATEGORY_IMAGE_MAX_MB),
          'file',
        );
      }
      if (!deps.storage) throw new Error('categories: no file storage');
      const { url } = await storeCheckedImage(
        { config: deps.config, storage: deps.storage },
        stack,
        file,
        kind === 'image' ? 'cover' : 'square',
      );
      await store.updateCategory(
        db,
        stack.stackId,
        id,
        kind === 'image' ? { image_url: url } : { thumbnail_url: url },
        clock.now(),
      );
      return one(stack.stackId, id);
    },

    async removeImage(stackId: number, id: number, kind: CategoryImageKind): Promise<Category> {
      await existing(stackId, id);
      await store.updateCategory(
        db,
        stackId,
        id,
        kind === 'image' ? { image_url: null } : { thumbnail_url: null },
        clock.now(),
      );
      return one(stackId, id);
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
