import {
  CATEGORY_TABLE_COUNTS,
  CATEGORY_TABLE_ORDERING,
  CONTRIBUTION_TABLE_COUNTS,
  CONTRIBUTION_TABLE_ORDERING,
  ErrorCode,
  TAG_ASSIGNMENT_ERROR_CODE,
  TAG_ASSIGNMENT_ERROR_MESSAGE,
  USER_INSIGHT_PEOPLE,
  USER_INSIGHT_TOP,
  USER_TABLE_COUNTS,
  USER_TABLE_ORDERING,
  type AnalyticsCategoryRow,
  type AnalyticsContributionRow,
  type AnalyticsTablePageQuery,
  type AnalyticsUserRow,
  type UserInsight,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { categoriesByIds } from '../categories/categories.repository.ts';
import { activeUserTags, assignUserTags } from '../tagging/user-tag-assignment.repository.ts';
import { userTagIds } from '../tagging/tagging.repository.ts';
import { tagsOfUsers } from '../tagging/user-tags.repository.ts';
import { existingUserIds } from '../users/community-user-rows.repository.ts';
import * as repo from './analytics-tables.repository.ts';
import { parseRange } from './analytics-range.service.ts';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

function parseOrdering(raw: string | undefined, allowed: readonly string[], fallback: string): repo.Ordering {
  const value = raw?.trim() || fallback;
  const descending = value.startsWith('-');
  const column = descending ? value.slice(1) : value;
  if (!allowed.includes(column)) {
    throw AppError.of(400, ErrorCode.invalid, `Order by one of: ${allowed.join(', ')}.`, 'ordering');
  }
  return { column, descending };
}

/** Parses a list of ids (array, "1,2,3" or one number); undefined when something is not an id. */
function idList(raw: unknown): number[] | undefined {
  const items = Array.isArray(raw)
    ? raw
    : typeof raw === 'string'
      ? raw.split(',')
      : raw === undefined
        ? []
        : [raw];
  const ids: number[] = [];
  for (const item of items) {
    const text = String(item).trim();
    if (!/^\d{1,10}$/.test(text)) return undefined;
    const id = Number(text);
    if (id < 1 || id > 2_147_483_647) return undefined;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

export interface Viewer {
  stackId: number;
  /** Emails are shown to admins only (GDPR data managers later). */
  seesEmails: boolean;
}

export interface Page<T> {
  count: number;
  results: T[];
}

/** The analytics tables (users, categories, contributions), the user insight and tag assignment. */
export function createAnalyticsTablesService({ db, clock }: Pick<PlatformDeps, 'db' | 'clock'>) {
  async function users(viewer: Viewer, query: AnalyticsTablePageQuery): Promise<Page<AnalyticsUserRow>> {
    const range = parseRange(query.from, query.to);
    const ordering = parseOrdering(query.ordering, USER_TABLE_ORDERING, 'username');
    const { count, ids } = await repo.pageOfKeys(db, {
      base: repo.membersBase(db, viewer.stackId, query.search, viewer.seesEmails, clock.now(), range.to),
      baseColumns: repo.MEMBER_BASE_COLUMNS,
      specs: repo.USER_METRICS,
      stackId: viewer.stackId,
      range,
      ordering,
      limit: query.limit,
      offset: query.offset,
    });
    return { count, results: await userRows(viewer, ids, range) };
  }

  async function userRows(viewer: Viewer, ids: number[], range: repo.Range): Promise<AnalyticsUserRow[]> {
    const [members, metrics, tags, interests] = await Promise.all([
      repo.membersByIds(db, viewer.stackId, ids),
      repo.metricsFor(db, repo.USER_METRICS, viewer.stackId, range, ids),
      tagsOfUsers(db, viewer.stackId, ids),
      repo.interestsOfUsers(db, viewer.stackId, ids),
    ]);
    const byId = new Map(members.map((m) => [m.id, m]));
    const end = (range.to ?? clock.now()).getTime();
    return ids.flatMap((id) => {
      const m = byId.get(id);
      if (!m) return [];
      const counts = metrics.get(id) ?? Object.fromEntries(USER_TABLE_COUNTS.map((n) => [n, 0]));
      return [
        {
          id,
          username: m.username,
          name: m.real_name,
          email: viewer.seesEmails ? m.email : null,
          registered_at: iso(m.created_at) as string,
          registered_from: m.registered_from,
          device: m.device,
          last_login: iso(m.last_login),
          status: m.status,
          score: m.score,
          days_missing: m.last_login
            ? Math.max(0, Math.floor((end - new Date(m.last_login).getTime()) / 86_400_000))
            : null,
          tags: tags
            .filter((t) => t.user_id === id)
            .map(({ id: tagId, name, color }) => ({ id: tagId, name, color })),
          interests: interests
            .filter((i) => i.user_id === id)
            .map(({ id: catId, name }) => ({ id: catId, name })),
          ...(counts as Record<(typeof USER_TABLE_COUNTS)[number], number>),
        },
      ];
    });
  }

  async function categories(
    viewer: Viewer,
    query: AnalyticsTablePageQuery,
  ): Promise<Page<AnalyticsCategoryRow>> {
    const range = parseRange(query.from, query.to);
    const ordering = parseOrdering(query.ordering, CATEGORY_TABLE_ORDERING, 'name');
    const { count, ids } = await repo.pageOfKeys(db, {
      base: repo.categoriesBase(db, viewer.stackId, query.search),
      baseColumns: repo.CATEGORY_BASE_COLUMNS,
      specs: repo.CATEGORY_METRICS,
      stackId: viewer.stackId,
      range,
      ordering,
      limit: query.limit,
      offset: query.offset,
    });
    const [rows, metrics] = await Promise.all([
      categoriesByIds(db, viewer.stackId, ids),
      repo.metricsFor(db, repo.CATEGORY_METRICS, viewer.stackId, range, ids),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      count,
      results: ids.flatMap((id) => {
        const c = byId.get(id);
        if (!c) return [];
        const counts = metrics.get(id) ?? Object.fromEntries(CATEGORY_TABLE_COUNTS.map((n) => [n, 0]));
        return [
          {
            id,
            name: c.name,
            slug: c.slug,
            created_at: iso(c.created_at) as string,
            ...(counts as Record<(typeof CATEGORY_TABLE_COUNTS)[number], number>),
          },
        ];
      }),
    };
  }

  async function contributions(
    viewer: Viewer,
    query: AnalyticsTablePageQuery,
  ): Promise<Page<AnalyticsContributionRow>> {
    const range = parseRange(query.from, query.to);
    const ordering = parseOrdering(query.ordering, CONTRIBUTION_TABLE_ORDERING, '-created_at');
    const all = { from: null, to: null };
    const { count, ids } = await repo.pageOfKeys(db, {
      base: repo.contributionsBase(db, viewer.stackId, query.search, range),
      baseColumns: repo.CONTRIBUTION_BASE_COLUMNS,
      specs: repo.CONTRIBUTION_METRICS,
      stackId: viewer.stackId,
      range: all,
      ordering,
      limit: query.limit,
      offset: query.offset,
    });
    const [rows, metrics] = await Promise.all([
      repo.contributionsByIds(db, viewer.stackId, ids),
      repo.metricsFor(db, repo.CONTRIBUTION_METRICS, viewer.stackId, all, ids),
    ]);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return {
      count,
      results: ids.flatMap((id) => {
        const c = byId.get(id);
        if (!c) return [];
        const counts = metrics.get(id) ?? Object.fromEntries(CONTRIBUTION_TABLE_COUNTS.map((n) => [n, 0]));
        return [
          {
            id,
            type: c.type,
            title: c.title,
            status: c.status,
            author: c.author_username !== null ? { id: c.author_id, username: c.author_username } : null,
            category:
              c.category_id !== null && c.category_name !== null
                ? { id: c.category_id, name: c.category_name }
                : null,
            created_at: iso(c.created_at) as string,
            multiple_choices: c.multiple_choices,
            ...(counts as Record<(typeof CONTRIBUTION_TABLE_COUNTS)[number], number>),
          },
        ];
      }),
    };
  }

  async function userInsight(viewer: Viewer, userId: number): Promise<UserInsight> {
    const [user] = await repo.membersByIds(db, viewer.stackId, [userId]);
    if (!user) throw AppError.notFound('This user is not found');
    const all = { from: null, to: null };
    const counted = [
      'contributions',
      'comments',
      'appreciations_given',
      'appreciations_received',
      'shares',
      'connections',
      'followers',
      'followings',
      'visits',
    ] as const;
    const [
      metrics,
      appreciated,
      commented,
      shared,
      connections,
      followers,
      followings,
      contributed,
      interests,
    ] = await Promise.all([
      repo.metricsFor(db, repo.USER_METRICS, viewer.stackId, all, [userId], counted),
      repo.topContributions(db, viewer.stackId, userId, 'appreciations', USER_INSIGHT_TOP),
      repo.topContributions(db, viewer.stackId, userId, 'comments', USER_INSIGHT_TOP),
      repo.topContributions(db, viewer.stackId, userId, 'shares', USER_INSIGHT_TOP),
      repo.peopleOf(db, viewer.stackId, userId, 'connections', USER_INSIGHT_PEOPLE),
      repo.peopleOf(db, viewer.stackId, userId, 'followers', USER_INSIGHT_PEOPLE),
      repo.peopleOf(db, viewer.stackId, userId, 'followings', USER_INSIGHT_PEOPLE),
      repo.contributedCategories(db, viewer.stackId, userId),
      repo.interestsOfUsers(db, viewer.stackId, [userId]),
    ]);
    const counts = metrics.get(userId) as Record<(typeof counted)[number], number>;
    return {
      profile: {
        id: user.id,
        username: user.username,
        name: user.real_name,
        email: viewer.seesEmails ? user.email : null,
        registered_at: iso(user.created_at) as string,
        last_login: iso(user.last_login),
        status: user.status,
        score: user.score,
        role: user.role,
        counts,
      },
      most_appreciated: appreciated,
      most_commented: commented,
      most_shared: shared,
      connections,
      followers,
      followings,
      categories: { contributed, interests: interests.map(({ id, name }) => ({ id, name })) },
    };
  }

  /** Gives every listed user every listed user tag (existing ones are kept). */
  async function assignTags(stackId: number, body: { user_ids?: unknown; tag_ids?: unknown }) {
    const fail = (field: string) => {
      throw AppError.of(400, TAG_ASSIGNMENT_ERROR_CODE, TAG_ASSIGNMENT_ERROR_MESSAGE, field);
    };
    const userIds = idList(body.user_ids);
    const tagIds = idList(body.tag_ids);
    if (!userIds || userIds.length === 0 || userIds.length > 1000) return fail('user_ids');
    if (!tagIds || tagIds.length === 0 || tagIds.length > 100) return fail('tag_ids');
    const [users, tags] = await Promise.all([
      existingUserIds(db, stackId, userIds),
      userTagIds(db, stackId, tagIds),
    ]);
    if (users.length !== userIds.length) return fail('user_ids');
    if (tags.length !== tagIds.length) return fail('tag_ids');
    return { assigned: await assignUserTags(db, stackId, userIds, tagIds, clock.now()) };
  }

  /** The community's active user tags, by name: what may be assigned to selected users. */
  function userTags(stackId: number) {
    return activeUserTags(db, stackId);
  }

  return { users, userRows, categories, contributions, userInsight, assignTags, userTags };
}
export type AnalyticsTablesService = ReturnType<typeof createAnalyticsTablesService>;
