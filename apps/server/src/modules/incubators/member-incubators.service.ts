import {
  AREA_ROLES,
  ErrorCode,
  INCUBATOR_MEMBER_STATUS,
  INCUBATOR_MESSAGES,
  INCUBATOR_NAME_MAX,
  INCUBATOR_SLOGAN_MAX,
  IncubatorErrorCode,
  categorySlugOf,
  isCategorySlug,
  type IncubatorStatus,
  type MemberIncubator,
  type MemberIncubatorCreateBody,
  type MemberIncubatorListQuery,
} from '@agora/contract';
import { AppError, errorEntry, type AppErrorEntry } from '../../platform/errors/app-error.ts';
import type { MemberCaller } from '../../platform/member-scope/member-scope.ts';
import { createCategoriesService } from '../categories/categories.service.ts';
import { createMemberCategoriesService } from '../categories/member-categories.service.ts';
import { createDynamicPreferencesService } from '../dynamic-preferences/dynamic-preferences.service.ts';
import { featureDisabled, hasFeature } from '../features/features.service.ts';
import { presentUsers } from '../member-people/member-people.service.ts';
import * as repo from './incubators.repository.ts';
import type { IncubatorRow } from './incubators.repository.ts';
import { createIncubatorsService } from './incubators.service.ts';

const M = INCUBATOR_MESSAGES;
type Deps = Parameters<typeof createIncubatorsService>[0];

/** Staff who manage categories see every proposal but hidden ones, pending ones included. */
const isManager = (caller: MemberCaller | undefined) =>
  !!caller?.role && (AREA_ROLES.categories as readonly string[]).includes(caller.role);

/** SelfCommunity's status number filter in Agora's statuses. */
const STATUSES_OF_NUMBER: Record<number, IncubatorStatus[]> = {
  0: ['pending'],
  1: ['votable', 'ready'],
  2: ['published'],
  3: ['ignored'],
};
const SHOWN: IncubatorStatus[] = ['pending', 'votable', 'ready', 'published', 'ignored'];
const OPEN: readonly IncubatorStatus[] = ['votable', 'ready'];
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The incubator as members use it (SelfCommunity's incubator calls, A16). */
export function createMemberIncubatorsService(deps: Deps) {
  const { db, clock } = deps;
  const incubators = createIncubatorsService(deps);
  const categories = createCategoriesService(deps);
  const memberCategories = createMemberCategoriesService(deps);
  const preferences = createDynamicPreferencesService(deps);

  /** The flag `incubators` and the community's `incubator_enabled` switch both open the incubator. */
  async function requireOpen(stackId: number): Promise<void> {
    if (!(await hasFeature(db, stackId, 'incubators'))) throw featureDisabled();
    if ((await preferences.get(stackId, 'incubator_enabled')).value !== true) {
      throw AppError.of(403, IncubatorErrorCode.disabled, M.disabled);
    }
  }

  async function present(
    stackId: number,
    rows: IncubatorRow[],
    caller: MemberCaller | undefined,
  ): Promise<MemberIncubator[]> {
    const ids = rows.map((r) => r.id);
    const userIds = [...new Set(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))];
    const [threshold, users, subscribed] = await Promise.all([
      incubators.threshold(stackId),
      presentUsers(deps, stackId, userIds, caller),
      caller ? repo.subscribedIds(db, stackId, caller.userId, ids) : Promise.resolve(new Set<number>()),
    ]);
    const out: MemberIncubator[] = [];
    for (const r of rows) {
      const category =
        r.category_id === null
          ? null
          : await memberCategories.one(stackId, r.category_id, caller).catch(() => null);
      out.push({
        id: r.id,
        name: r.name,
        slug: r.slug,
        slogan: r.slogan,
        status: INCUBATOR_MEMBER_STATUS[r.status as keyof typeof INCUBATOR_MEMBER_STATUS] ?? 0,
        approved_category: category,
        added_at: new Date(r.created_at).toISOString(),
        user: users.find((u) => u.id === r.user_id) ?? null,
        subscribers_count: r.subscribers_count,
        subscribers_threshold: threshold,
        subscribed: subscribed.has(r.id),
      });
    }
    return out;
  }

  /** A proposal the caller may see: never a hidden one; a pending one only for its author and managers. */
  async function visible(
    stackId: number,
    id: number,
    caller: MemberCaller | undefined,
  ): Promise<IncubatorRow> {
    const row = await repo.findIncubator(db, stackId, id);
    const shown =
      row !== undefined &&
      row.status !== 'hidden' &&
      (row.status !== 'pending' || isManager(caller) || row.user_id === caller?.userId);
    if (!shown) throw AppError.notFound(M.notFound);
    return row;
  }

  function checkCreate(body: MemberIncubatorCreateBody) {
    const name = body.name.trim();
    const slogan = (body.slogan ?? '').trim();
    const slug = (body.slug ?? '').trim();
    const problems: AppErrorEntry[] = [];
    if (name === '' || CONTROL.test(name))
      problems.push(errorEntry(ErrorCode.required, M.nameRequired, 'name'));
    else if (name.length > INCUBATOR_NAME_MAX)
      problems.push(errorEntry(ErrorCode.maxLength, M.nameTooLong, 'name'));
    if (slogan.length > INCUBATOR_SLOGAN_MAX || CONTROL.test(slogan.replace(/[\n\r\t]/g, ''))) {
      problems.push(errorEntry(ErrorCode.maxLength, M.sloganTooLong, 'slogan'));
    }
    if (slug !== '' && !isCategorySlug(slug))
      problems.push(errorEntry(ErrorCode.invalid, M.slugInvalid, 'slug'));
    if (problems.length > 0) throw new AppError(400, problems);
    return { name, slogan, slug: slug === '' ? categorySlugOf(name) : slug };
  }

  return {
    requireOpen,

    async list(
      stackId: number,
      caller: MemberCaller | undefined,
      query: MemberIncubatorListQuery,
      limit: number | undefined,
      offset: number,
    ) {
      const ordering = query.ordering ?? '-added_at';
      const field = ordering.replace(/^-/, '');
      const page = await repo.pageOfIncubators(
        db,
        stackId,
        {
          statuses: query.status === undefined ? SHOWN : (STATUSES_OF_NUMBER[query.status] ?? []),
          ...(query.search?.trim() ? { search: query.search.trim() } : {}),
          pendingOf: isManager(caller) ? 'all' : (caller?.userId ?? 0),
          ordering: {
            column: field === 'added_at' ? 'created_at' : (field as 'id' | 'name' | 'subscribers_count'),
            desc: ordering.startsWith('-'),
          },
        },
        limit,
        offset,
      );
      return { count: page.count, results: await present(stackId, page.rows, caller) };
    },

    async one(stackId: number, id: number, caller: MemberCaller | undefined): Promise<MemberIncubator> {
      const [item] = await present(stackId, [await visible(stackId, id, caller)], caller);
      return item as MemberIncubator;
    },

    /** A member proposes a category: pending until staff open it to subscriptions. */
    async create(stackId: number, caller: MemberCaller, body: MemberIncubatorCreateBody) {
      const input = checkCreate(body);
      const taken =
        (await categories.nameLookup(stackId, input.name)).exists ||
        (await repo.liveNameTaken(db, stackId, input.name));
      if (taken) throw AppError.of(400, ErrorCode.unique, M.nameTaken, 'name');
      let id: number;
      try {
        id = await repo.insertIncubator(db, stackId, { ...input, user_id: caller.userId }, clock.now());
      } catch (error) {
        if ((error as { code?: unknown }).code === '23505') {
          throw AppError.of(400, ErrorCode.unique, M.nameTaken, 'name');
        }
        throw error;
      }
      return this.one(stackId, id, caller);
    },

    /** Subscribe toggle, only while the proposal is open; reaching the threshold makes it ready. */
    async toggleSubscription(stackId: number, id: number, caller: MemberCaller): Promise<boolean> {
      const row = await visible(stackId, id, caller);
      if (!OPEN.includes(row.status)) throw AppError.of(409, IncubatorErrorCode.notVotable, M.notVotable);
      const now = await repo.toggleSubscription(db, stackId, id, caller.userId, clock.now());
      if (now) await incubators.promote(stackId, [id]);
      return now;
    },

    async isSubscribed(stackId: number, id: number, caller: MemberCaller): Promise<boolean> {
      await visible(stackId, id, caller);
      return (await repo.subscribedIds(db, stackId, caller.userId, [id])).has(id);
    },

    async subscribers(
      stackId: number,
      id: number,
      caller: MemberCaller | undefined,
      limit: number | undefined,
      offset: number,
    ) {
      await visible(stackId, id, caller);
      const page = await repo.pageOfSubscribers(db, stackId, id, limit, offset);
      return { count: page.count, results: await presentUsers(deps, stackId, page.ids, caller) };
    },
  };
}
