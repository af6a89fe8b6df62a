import {
  CONNECTION_BOOSTS,
  FEED_ORDERS,
  preferenceDefinition,
  type FeedItem,
  type FeedObject,
  type FeedOrder,
  type FeedUnit,
} from '@agora/contract';
import type { MemberCaller } from '../../platform/member-scope/member-scope.ts';
import { disabledCategoryIds } from '../categories/member-categories.service.ts';
import { createDynamicPreferencesService } from '../dynamic-preferences/dynamic-preferences.service.ts';
import { featureDisabled, hasFeature } from '../features/features.service.ts';
import { allFollowedCategoryIds } from '../member-people/category-interests.repository.ts';
import { followedAndConnectedIds } from '../member-people/member-people.repository.ts';
import { hiddenIdsOf } from '../member-people/hidden-members.repository.ts';
import * as repo from './feed.repository.ts';
import { createMemberContentService, viewerOf, type ContentDeps } from './member-content.service.ts';
import { feedObjects, type Viewer } from './member-content.serializers.ts';

type Boost = (typeof CONNECTION_BOOSTS)[number];
type Stream = 'home' | 'explore';

/** How much higher a followed person's content ranks, in relevance points (ADR 0022): ×2, ×4, ×16. */
export const BOOST_POINTS: Record<Boost, number> = { disabled: 0, low: 1, medium: 2, high: 4 };

interface Page<T> {
  count: number;
  results: T[];
}

/**
 * The members' feeds (SelfCommunity's `feed/`, `feed/explore/`, `feed/unseen/count/`, `feed/read/`
 * and the category feed), all ordered by `feed.repository.ts` as the feed settings say.
 */
export function createFeedService(deps: ContentDeps) {
  const { db, clock } = deps;
  const preferences = createDynamicPreferencesService(deps);
  const contents = createMemberContentService(deps);

  /**
   * The stream's order and boost (the community's values with `stream_settings` on, else the
   * catalogue's defaults) and whether following and connecting are on; all read at once.
   */
  async function settings(stackId: number, stream: Stream, ordering: FeedOrder | undefined) {
    const orderName = `${stream}_stream_order_by`;
    const boostName = `${stream}_stream_connection_boost`;
    const [enabled, stored] = await Promise.all([
      hasFeature(db, stackId, 'stream_settings'),
      preferences.list(stackId, [orderName, boostName, 'follow_enabled', 'connection_enabled']),
    ]);
    const pick = <T extends string>(name: string, index: number, allowed: readonly T[]): T => {
      const fallback = preferenceDefinition(name)?.default as T;
      const value = stored[index]?.value;
      return enabled && allowed.includes(value as T) ? (value as T) : fallback;
    };
    return {
      order: ordering ?? pick(orderName, 0, FEED_ORDERS),
      points: BOOST_POINTS[pick(boostName, 1, CONNECTION_BOOSTS)],
      follows: stored[2]?.value === true,
      connections: stored[3]?.value === true,
    };
  }

  /**
   * The people whose contents the member gets: those they follow and those they are connected to,
   * each only while the community has following or connecting on (stale rows of a switched-off
   * relation bring nothing).
   */
  async function people(
    stackId: number,
    userId: number,
    on: Promise<{ follows: boolean; connections: boolean }>,
  ): Promise<number[]> {
    const [{ followed, connected }, { follows, connections }] = await Promise.all([
      followedAndConnectedIds(db, stackId, userId),
      on,
    ]);
    return [...new Set([...(follows ? followed : []), ...(connections ? connected : [])])];
  }

  async function units(stackId: number, ids: number[], viewer: Viewer): Promise<FeedUnit[]> {
    const rows = await repo.feedContributionRows(db, stackId, ids);
    const objects = new Map(
      (await feedObjects(db, stackId, rows, viewer, clock.now())).map((item) => [item.id, item]),
    );
    return rows.map((row) => ({
      type: row.type,
      [row.type]: objects.get(row.id) as FeedObject,
      seen_by_id: [],
      has_boost: false,
    }));
  }

  /** Units with whether the member saw each (`seen`, and `seen_by_id` holding the member). */
  async function items(stackId: number, ids: number[], caller: MemberCaller | undefined) {
    const [list, seen] = await Promise.all([
      units(stackId, ids, viewerOf(caller)),
      caller ? repo.seenIds(db, stackId, caller.userId, ids) : Promise.resolve(new Set<number>()),
    ]);
    return list.map((unit): FeedItem => {
      const id = (unit[unit.type] as FeedObject).id;
      const was = seen.has(id);
      return { ...unit, seen: was, seen_by_id: was && caller ? [caller.userId] : [] };
    });
  }

  /**
   * The feed's count and one page of it, made into `T`s: the count runs while the page is read and
   * serialised, since neither waits for the other.
   */
  async function page<T>(
    stackId: number,
    scope: repo.FeedScope,
    options: repo.FeedOptions,
    limit: number | undefined,
    offset: number,
    present: (ids: number[]) => Promise<T[]>,
  ): Promise<Page<T>> {
    const [count, results] = await Promise.all([
      repo.countFeed(db, stackId, scope, options),
      repo.pageOfFeedIds(db, stackId, scope, options, limit, offset).then(present),
    ]);
    return { count, results };
  }

  /** The member's home feed's sources and options. */
  async function home(stackId: number, caller: MemberCaller, ordering?: FeedOrder) {
    const chosen = settings(stackId, 'home', ordering);
    const [{ order, points }, categoryIds, followed, hidden, gone, hiddenPeople] = await Promise.all([
      chosen,
      allFollowedCategoryIds(db, stackId, caller.userId),
      people(stackId, caller.userId, chosen),
      disabledCategoryIds(db, stackId),
      repo.goneAuthorIds(db, stackId, clock.now()),
      hiddenIdsOf(db, stackId, caller.userId),
    ]);
    const scope: repo.FeedScope = { kind: 'home', categoryIds, authorIds: [...followed, caller.userId] };
    const options: repo.FeedOptions = {
      order,
      boost: { authorIds: followed, points },
      hiddenCategoryIds: hidden,
      // Gone authors, and the members the member hid (`user/{id}/hide/`).
      hiddenAuthorIds: [...gone, ...hiddenPeople],
      visibleOnly: true,
      publishedFor: { now: clock.now(), viewerId: caller.userId },
    };
    return { scope, options };
  }

  return {
    /** Contents of the followed categories, of the followed people and the member's own. */
    async homeFeed(
      stackId: number,
      caller: MemberCaller,
      ordering: FeedOrder | undefined,
      limit: number | undefined,
      offset: number,
    ): Promise<Page<FeedItem>> {
      const { scope, options } = await home(stackId, caller, ordering);
      return page(stackId, scope, options, limit, offset, (ids) => items(stackId, ids, caller));
    },

    /** Every content the caller may see; refused while `explore_stream_enabled` is off. */
    async exploreFeed(
      stackId: number,
      caller: MemberCaller | undefined,
      ordering: FeedOrder | undefined,
      limit: number | undefined,
      offset: number,
    ): Promise<Page<FeedItem>> {
      await contents.checkReader(stackId, caller);
      if ((await preferences.get(stackId, 'explore_stream_enabled')).value !== true) {
        throw featureDisabled('The explore feed is disabled in this community.');
      }
      const chosen = settings(stackId, 'explore', ordering);
      const [{ order, points }, followed, hidden, gone, hiddenPeople] = await Promise.all([
        chosen,
        caller ? people(stackId, caller.userId, chosen) : Promise.resolve([]),
        disabledCategoryIds(db, stackId),
        repo.goneAuthorIds(db, stackId, clock.now()),
        caller ? hiddenIdsOf(db, stackId, caller.userId) : Promise.resolve([]),
      ]);
      const options: repo.FeedOptions = {
        order,
        boost: { authorIds: followed, points },
        hiddenCategoryIds: hidden,
        hiddenAuthorIds: [...gone, ...hiddenPeople],
        visibleOnly: true,
        publishedFor: { now: clock.now(), viewerId: caller?.userId },
      };
      return page(stackId, { kind: 'explore' }, options, limit, offset, (ids) => items(stackId, ids, caller));
    },

    /**
     * A category's feed in the category's own order (`stream_order_by`), without boost; moderators
     * also see its hidden and deleted contents. The caller checked the category is visible.
     */
    async categoryFeed(
      stackId: number,
      caller: MemberCaller | undefined,
      category: { id: number; stream_order_by: string },
      limit: number | undefined,
      offset: number,
      /** Another order than the category's own (its trending feed orders by relevance). */
      ordering?: FeedOrder,
    ): Promise<Page<FeedUnit>> {
      await contents.checkReader(stackId, caller);
      const viewer = viewerOf(caller);
      const order =
        ordering ??
        ((FEED_ORDERS as readonly string[]).includes(category.stream_order_by)
          ? (category.stream_order_by as FeedOrder)
          : 'recent');
      const options: repo.FeedOptions = {
        order,
        boost: { authorIds: [], points: 0 },
        hiddenCategoryIds: [],
        hiddenAuthorIds: viewer.staff ? [] : await repo.goneAuthorIds(db, stackId, clock.now()),
        visibleOnly: !viewer.staff,
        publishedFor: { now: clock.now(), viewerId: viewer.userId },
      };
      const scope: repo.FeedScope = { kind: 'category', categoryId: category.id };
      return page(stackId, scope, options, limit, offset, (ids) => units(stackId, ids, viewer));
    },

    /**
     * A member's own contributions, newest first (SelfCommunity's `user/{id}/feed/`); moderators also
     * see the hidden and deleted ones. The caller checked the member is visible.
     */
    async userFeed(
      stackId: number,
      caller: MemberCaller | undefined,
      authorId: number,
      limit: number | undefined,
      offset: number,
    ): Promise<Page<FeedItem>> {
      await contents.checkReader(stackId, caller);
      const viewer = viewerOf(caller);
      const options: repo.FeedOptions = {
        order: 'recent',
        boost: { authorIds: [], points: 0 },
        hiddenCategoryIds: viewer.staff ? [] : await disabledCategoryIds(db, stackId),
        hiddenAuthorIds: [],
        visibleOnly: !viewer.staff,
        publishedFor: { now: clock.now(), viewerId: viewer.userId },
      };
      const scope: repo.FeedScope = { kind: 'author', authorId };
      return page(stackId, scope, options, limit, offset, (ids) => items(stackId, ids, caller));
    },

    /**
     * Contents like this one for its reader (`{type}/{id}/related/`): the visible contents of its
     * categories, by relevance (ADR 0022), without it; none when it has no category.
     */
    async relatedFeed(
      stackId: number,
      caller: MemberCaller | undefined,
      content: { id: number; category_id: number | null },
      limit: number | undefined,
      offset: number,
    ): Promise<Page<FeedObject>> {
      await contents.checkReader(stackId, caller);
      if (content.category_id === null) return { count: 0, results: [] };
      const viewer = viewerOf(caller);
      const [hidden, gone] = await Promise.all([
        disabledCategoryIds(db, stackId),
        repo.goneAuthorIds(db, stackId, clock.now()),
      ]);
      if (hidden.includes(content.category_id)) return { count: 0, results: [] };
      const options: repo.FeedOptions = {
        order: 'relevance',
        boost: { authorIds: [], points: 0 },
        hiddenCategoryIds: hidden,
        hiddenAuthorIds: gone,
        visibleOnly: true,
        publishedFor: { now: clock.now(), viewerId: viewer.userId },
      };
      const scope: repo.FeedScope = { kind: 'category', categoryId: content.category_id };
      // One more than asked, so the page stays full once the content itself is taken out.
      const [count, ids] = await Promise.all([
        repo.countFeed(db, stackId, scope, options),
        repo.pageOfFeedIds(db, stackId, scope, options, limit === undefined ? undefined : limit + 1, offset),
      ]);
      const others = ids.filter((id) => id !== content.id).slice(0, limit);
      const rows = await repo.feedContributionRows(db, stackId, others);
      return {
        count: Math.max(0, count - 1),
        results: await feedObjects(db, stackId, rows, viewer, clock.now()),
      };
    },

    /** Home feed contents by others the member has not marked seen. */
    async unseenCount(stackId: number, caller: MemberCaller): Promise<{ total: number }> {
      const { scope, options } = await home(stackId, caller);
      return { total: await repo.countFeed(db, stackId, scope, options, caller.userId) };
    },

    /** Marks contents seen (ids of other communities or that do not exist are ignored). */
    async markRead(stackId: number, caller: MemberCaller, ids: readonly number[]): Promise<void> {
      await repo.markSeen(db, stackId, caller.userId, [...new Set(ids)], clock.now());
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
