import {
  AREA_ROLES,
  CATEGORY_MESSAGES,
  CategoryErrorCode,
  ErrorCode,
  imageVariantUrl,
  type CategoryWriteBody,
  type MemberCategoryListQuery,
  type MemberCategoryWriteBody,
  type memberCategorySchema,
} from '@agora/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.ts';
import type { MemberCaller } from '../../platform/member-scope/member-scope.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { createDynamicPreferencesService } from '../dynamic-preferences/dynamic-preferences.service.ts';
import {
  allFollowedCategoryIds,
  categoryFollowersAmong,
  pageOfCategoryFollowers,
  categoryAudience,
  categoryFollowerCounts,
  followedCategoryIds,
  setCategoryInterest,
} from '../member-people/category-interests.repository.ts';
import { shownTagsOfCategories } from '../tagging/category-tags.repository.ts';
import { boolOf, createCategoriesService } from './categories.service.ts';
import * as store from './category-store.ts';
import type { CategoryRow } from './category-store.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
import { activeAuthorsOfCategory } from '../member-content/feed.repository.ts';

/** The trending people of a category: those who published most in it over these last days. */
const TRENDING_DAYS = 30;
const TRENDING_PEOPLE_MAX = 100;

type MemberCategory = z.infer<typeof memberCategorySchema>;
type Deps = Pick<PlatformDeps, 'db' | 'clock' | 'config' | 'secretBox'>;

const M = CATEGORY_MESSAGES;
/** SelfCommunity's `emotional_image_position` is a CSS percentage; the console's position a word. */
const POSITION_PERCENT = { top: 0, middle: 50, bottom: 100 } as const;
const positionOfPercent = (p: number) => (p < 34 ? 'top' : p > 66 ? 'bottom' : 'middle');
/** SelfCommunity's auto-follow "default" is the console's "preselection". */
const AUTO_FOLLOW_OUT = { none: 'none', preselection: 'default', forced: 'forced' } as const;
const AUTO_FOLLOW_IN: Record<string, string> = { none: 'none', default: 'preselection', forced: 'forced' };

/** Staff who manage categories (the console's categories area) manage them through the member API too. */
export const CATEGORY_MANAGERS = AREA_ROLES.categories;
const isManager = (caller: MemberCaller | undefined) =>
  !!caller?.role && (CATEGORY_MANAGERS as readonly string[]).includes(caller.role);

/** The community's disabled categories: members see neither them nor their contents (feeds). */
export async function disabledCategoryIds(db: Deps['db'], stackId: number): Promise<number[]> {
  return store.categoryIdsWhere(db, stackId, { active: false });
}

/** Categories as members see them (SelfCommunity's Category object and calls). */
export function createMemberCategoriesService(deps: Deps) {
  const { db, clock } = deps;
  const categories = createCategoriesService(deps);
  const preferences = createDynamicPreferencesService(deps);

  async function present(stackId: number, rows: CategoryRow[], caller: MemberCaller | undefined) {
    const ids = rows.map((r) => r.id);
    const [followers, followed, tags] = await Promise.all([
      categoryFollowerCounts(db, stackId, ids),
      caller ? followedCategoryIds(db, stackId, caller.userId, ids) : Promise.resolve(new Set<number>()),
      shownTagsOfCategories(db, stackId, ids),
    ]);
    return rows.map((r): MemberCategory => ({
      id: r.id,
      order: r.position,
      name: r.name,
      name_synonyms: r.name_synonyms,
      slug: r.slug,
      slogan: r.slogan,
      html_info: '',
      seo_title: r.seo_title,
      seo_description: r.seo_description,
      auto_follow: AUTO_FOLLOW_OUT[r.auto_follow],
      content_only_staff: r.content_only_staff,
      active: r.active,
      deleted: r.deleted,
      image_original: r.thumbnail_url,
      image_bigger: r.thumbnail_url ? imageVariantUrl(r.thumbnail_url, 's300') : null,
      image_big: r.thumbnail_url ? imageVariantUrl(r.thumbnail_url, 's300') : null,
      image_medium: r.thumbnail_url ? imageVariantUrl(r.thumbnail_url, 's150') : null,
      image_small: r.thumbnail_url ? imageVariantUrl(r.thumbnail_url, 's50') : null,
      emotional_image_original: r.image_url,
      emotional_image_position: POSITION_PERCENT[r.image_position],
      lastmod_datetime: new Date(r.updated_at).toISOString(),
      stream_order_by: r.stream_order_by,
      followers_counter: followers.get(r.id) ?? 0,
      followed: followed.has(r.id),
      tags: tags.filter((t) => t.category_id === r.id).map(({ id, name, color }) => ({ id, name, color })),
    }));
  }

  /** A category the caller may see: disabled ones only for category managers (404 otherwise). */
  async function visible(
    stackId: number,
    id: number,
    caller: MemberCaller | undefined,
  ): Promise<CategoryRow> {
    const row = await store.findCategory(db, stackId, id);
    if (!row || (!row.active && !isManager(caller))) throw AppError.notFound(M.notFound);
    return row;
  }

  async function manualOrder(stackId: number): Promise<boolean> {
    return (await preferences.get(stackId, 'manual_categories_order_enabled')).value === true;
  }

  /** SelfCommunity's write body in the console's terms (PATCH sends only some fields). */
  function writeBodyOf(body: MemberCategoryWriteBody): CategoryWriteBody {
    const out: CategoryWriteBody = {};
    for (const field of [
      'name',
      'name_synonyms',
      'slug',
      'slogan',
      'seo_title',
      'seo_description',
    ] as const) {
      if (body[field] !== undefined) out[field] = body[field];
    }
    if (body.slug === '_GENERATE_') out.slug = '';
    if (body.auto_follow !== undefined)
      out.auto_follow = AUTO_FOLLOW_IN[body.auto_follow] ?? body.auto_follow;
    if (body.stream_order_by !== undefined) out.stream_order_by = body.stream_order_by;
    if (body.emotional_image_position !== undefined) {
      out.image_position = positionOfPercent(body.emotional_image_position);
    }
    const active = body.active === undefined ? undefined : boolOf(body.active);
    if (active !== undefined) out.active = active;
    const staffOnly = body.content_only_staff === undefined ? undefined : boolOf(body.content_only_staff);
    if (staffOnly !== undefined) out.content_only_staff = staffOnly;
    return out;
  }

  async function oneFor(stackId: number, id: number, caller: MemberCaller | undefined) {
    const [item] = await present(stackId, [await visible(stackId, id, caller)], caller);
    return item as MemberCategory;
  }

  return {
    visible,

    /**
     * The community's categories: enabled ones for members (`active`/`deleted` filters for category
     * managers), in the manual order when `manual_categories_order_enabled` is on, else by name.
     */
    async list(
      stackId: number,
      caller: MemberCaller | undefined,
      query: MemberCategoryListQuery,
      limit: number | undefined,
      offset: number,
    ) {
      const manager = isManager(caller);
      const { count, rows } = await store.pageOfCategoryRows(
        db,
        stackId,
        {
          search: query.search?.trim() || undefined,
          active: manager ? boolOf(query.active) : true,
          deleted: manager ? (boolOf(query.deleted) ?? false) : false,
          // Staff may create contents in every category; members not in staff-only ones.
          staffOnly: boolOf(query.can_create_content) && !caller?.role ? false : undefined,
          order: (await manualOrder(stackId)) ? 'manual' : 'name',
        },
        limit,
        offset,
      );
      return { count, results: await present(stackId, rows, caller) };
    },

    /** The categories the caller follows (enabled ones), in the list's order. */
    async followed(stackId: number, caller: MemberCaller, limit: number | undefined, offset: number) {
      const ids = new Set(await allFollowedCategoryIds(db, stackId, caller.userId));
      const { rows } = await store.pageOfCategoryRows(
        db,
        stackId,
        { active: true, order: (await manualOrder(stackId)) ? 'manual' : 'name' },
        undefined,
        0,
      );
      const mine = rows.filter((r) => ids.has(r.id));
      const page = mine.slice(offset, limit === undefined ? undefined : offset + limit);
      return { count: mine.length, results: await present(stackId, page, caller) };
    },

    one: oneFor,

    /** The enabled categories, most followed first (then by name). */
    async popular(
      stackId: number,
      caller: MemberCaller | undefined,
      limit: number | undefined,
      offset: number,
    ) {
      const { rows } = await store.pageOfCategoryRows(
        db,
        stackId,
        { active: true, order: 'name' },
        undefined,
        0,
      );
      const followers = await categoryFollowerCounts(
        db,
        stackId,
        rows.map((r) => r.id),
      );
      // A stable sort keeps the name order among categories with as many followers.
      const ranked = [...rows].sort((a, b) => (followers.get(b.id) ?? 0) - (followers.get(a.id) ?? 0));
      const page = ranked.slice(offset, limit === undefined ? undefined : offset + limit);
      return { count: ranked.length, results: await present(stackId, page, caller) };
    },

    /**
     * Categories to suggest to the caller (`suggestion/category/`): the enabled ones they do not
     * follow, most followed first (then by name); every enabled one for anonymous readers.
     */
    async suggested(
      stackId: number,
      caller: MemberCaller | undefined,
      limit: number | undefined,
      offset: number,
    ) {
      const [{ rows }, mine] = await Promise.all([
        store.pageOfCategoryRows(db, stackId, { active: true, order: 'name' }, undefined, 0),
        caller ? allFollowedCategoryIds(db, stackId, caller.userId) : Promise.resolve([]),
      ]);
      const followedIds = new Set(mine);
      const open = rows.filter((r) => !followedIds.has(r.id));
      const followers = await categoryFollowerCounts(
        db,
        stackId,
        open.map((r) => r.id),
      );
      const ranked = [...open].sort((a, b) => (followers.get(b.id) ?? 0) - (followers.get(a.id) ?? 0));
      const page = ranked.slice(offset, limit === undefined ? undefined : offset + limit);
      return { count: ranked.length, results: await present(stackId, page, caller) };
    },

    /**
     * The enabled categories a member follows (`user/{id}/categories/`), in the list's order; with
     * `mutual`, only those that member follows too.
     */
    async followedBy(stackId: number, userId: number, caller: MemberCaller | undefined, mutual?: number) {
      const [{ rows }, theirs, others] = await Promise.all([
        store.pageOfCategoryRows(
          db,
          stackId,
          { active: true, order: (await manualOrder(stackId)) ? 'manual' : 'name' },
          undefined,
          0,
        ),
        allFollowedCategoryIds(db, stackId, userId),
        mutual === undefined ? Promise.resolve(undefined) : allFollowedCategoryIds(db, stackId, mutual),
      ]);
      const ids = new Set(theirs);
      const also = others ? new Set(others) : undefined;
      return present(
        stackId,
        rows.filter((r) => ids.has(r.id) && (!also || also.has(r.id))),
        caller,
      );
    },

    /**
     * The category's trending people (`category/{id}/followers/trending/`): its followers who
     * published most in it over the last 30 days first, then the others, newest follower first.
     */
    async trendingFollowers(stackId: number, categoryId: number, limit: number | undefined, offset: number) {
      const since = new Date(clock.now().getTime() - TRENDING_DAYS * 86_400_000);
      const active = await activeAuthorsOfCategory(db, stackId, categoryId, since, TRENDING_PEOPLE_MAX);
      const lead = await categoryFollowersAmong(db, stackId, categoryId, active);
      const head = lead.slice(offset, limit === undefined ? undefined : offset + limit);
      const rest = limit === undefined ? undefined : limit - head.length;
      const tail = await pageOfCategoryFollowers(
        db,
        stackId,
        categoryId,
        rest,
        Math.max(0, offset - lead.length),
        lead,
      );
      return {
        count: lead.length + tail.count,
        ids: rest === 0 ? head : [...head, ...tail.ids],
      };
    },

    /** Who a content in the category reaches: its followers, and the caller's connections among them. */
    async audience(stackId: number, id: number, caller: MemberCaller | undefined) {
      await visible(stackId, id, caller);
      const { followers, connections } = await categoryAudience(db, stackId, id, caller?.userId);
      return { category_audience: followers, connections_audience: connections };
    },

    /**
     * Follow toggle; a forced category cannot be unfollowed, and nothing can be followed or unfollowed
     * while the community has switched following categories off. True when now following.
     */
    async toggleFollow(stackId: number, id: number, caller: MemberCaller): Promise<boolean> {
      const row = await visible(stackId, id, caller);
      if ((await preferences.get(stackId, 'category_follow_enabled')).value === false) {
        throw AppError.of(403, CategoryErrorCode.followDisabled, M.followDisabled);
      }
      const following = (await followedCategoryIds(db, stackId, caller.userId, [id])).has(id);
      if (following && row.auto_follow === 'forced') {
        throw AppError.of(403, CategoryErrorCode.forcedFollow, M.forcedFollow);
      }
      await db.transaction().execute(async (trx) => {
        await setCategoryInterest(trx, stackId, caller.userId, id, !following, clock.now());
        const data = { category: { id, name: row.name }, user: { id: caller.userId }, added_at: clock.now() };
        const type = following ? 'category.unfollow' : 'category.follow';
        await recordEvent(trx, { stackId, type, data, at: clock.now() });
      });
      return !following;
    },

    async isFollowed(stackId: number, id: number, caller: MemberCaller): Promise<boolean> {
      await visible(stackId, id, caller);
      return (await followedCategoryIds(db, stackId, caller.userId, [id])).has(id);
    },

    async create(stackId: number, caller: MemberCaller, body: MemberCategoryWriteBody) {
      const created = await categories.add(stackId, writeBodyOf(body));
      if (body.order !== undefined) await this.moveTo(stackId, created.id, body.order);
      return oneFor(stackId, created.id, caller);
    },

    async update(
      stackId: number,
      caller: MemberCaller,
      id: number,
      body: MemberCategoryWriteBody,
      partial: boolean,
    ) {
      if (!partial && (body.name ?? '').trim() === '') {
        throw AppError.of(400, ErrorCode.required, M.titleRequired, 'name');
      }
      await categories.update(stackId, id, writeBodyOf(body));
      if (body.order !== undefined) await this.moveTo(stackId, id, body.order);
      return oneFor(stackId, id, caller);
    },

    /** Puts a category at `order` (1 first) in the manual order. */
    async moveTo(stackId: number, id: number, order: number) {
      const { rows } = await store.pageOfCategoryRows(db, stackId, { order: 'manual' }, undefined, 0);
      const ids = rows.map((r) => r.id).filter((x) => x !== id);
      ids.splice(Math.min(order - 1, ids.length), 0, id);
      await store.setOrder(db, stackId, ids, clock.now());
    },

    /** DELETE: refused while the category holds contents (the console moves them first). */
    async remove(stackId: number, id: number) {
      await categories.delete(stackId, id, null);
    },
  };
}

export type MemberCategoriesService = ReturnType<typeof createMemberCategoriesService>;
