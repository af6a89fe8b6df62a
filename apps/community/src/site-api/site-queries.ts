import { queryOptions } from '@tanstack/react-query';
import { actionQueries } from './action-queries.ts';
import { peopleQueries } from './people-queries.ts';
import { memberExtrasQueries } from './member-extras-queries.ts';
import { SiteApiError, statusOf, type SiteFetch } from './site-fetch.ts';
import type {
  ApiPage,
  ContentComment,
  FeedItem,
  FeedObject,
  FeedObjectType,
  PreferenceRow,
  SiteCategory,
  SiteMember,
  LegalPage,
  MemberNotificationGroup,
  SiteMenu,
  CustomPage,
} from './site-shapes.ts';

/** Contents per feed page. */
export const FEED_PAGE_SIZE = 20;
/** Comments read with a contribution (first level and their replies). */
const COMMENTS_PAGE_SIZE = 200;

/** The preferences of the community by name (theme, SEO, switches); a plain object, so it travels as JSON. */
export type Preferences = Readonly<Record<string, unknown>>;

/** Before the preferences are known: every preference at its default. */
export const NO_PREFERENCES: Preferences = {};

/**
 * The member site's queries: one key and one call per thing it reads, shared by the server (which
 * fills the cache before rendering) and the browser (which hydrates from it and refetches).
 */
export function siteQueries(fetch: SiteFetch) {
  return {
    ...actionQueries(fetch),
    ...peopleQueries(fetch),
    ...memberExtrasQueries(fetch),
    preferences: () =>
      queryOptions({
        queryKey: ['preferences'],
        queryFn: async (): Promise<Preferences> => {
          const page = (await fetch('dynamic_preference/?limit=1000')) as ApiPage<PreferenceRow>;
          return Object.fromEntries(page.results.map((row) => [row.name, row.value]));
        },
        staleTime: 60_000,
      }),
    /** The console's base custom menu (the navbar's), or null when the community has none. */
    baseMenu: () =>
      queryOptions({
        queryKey: ['menus', 'base'],
        queryFn: async () => {
          try {
            return (await fetch('custom_menu/base/')) as SiteMenu;
          } catch (error) {
            if ((error as { status?: number }).status === 404) return null;
            throw error;
          }
        },
        staleTime: 60_000,
      }),
    /** Every custom menu of the community (the footer shows those that are not the base). */
    menus: () =>
      queryOptions({
        queryKey: ['menus', 'all'],
        queryFn: async () => ((await fetch('custom_menu/?limit=100')) as ApiPage<SiteMenu>).results,
        staleTime: 60_000,
      }),
    /** The signed-in member (`user/me/`); member-only queries live under the 'member' key. */
    me: () =>
      queryOptions({
        queryKey: ['member', 'me'],
        queryFn: async () => (await fetch('user/me/')) as SiteMember,
        staleTime: 60_000,
      }),
    homeFeed: (page: number) =>
      queryOptions({
        queryKey: ['member', 'feed', 'home', page],
        queryFn: async () =>
          (await fetch(
            `feed/?limit=${FEED_PAGE_SIZE}&offset=${(page - 1) * FEED_PAGE_SIZE}`,
          )) as ApiPage<FeedItem>,
      }),
    /** The member's unseen notifications, asked again every 15 s: new ones arrive without a reload. */
    unseenNotifications: () =>
      queryOptions({
        queryKey: ['member', 'notifications', 'count'],
        queryFn: async () => ((await fetch('notification/unseen/count/')) as { count: number }).count,
        refetchInterval: 15_000,
      }),
    notifications: (page: number) =>
      queryOptions({
        queryKey: ['member', 'notifications', 'list', page],
        queryFn: async () =>
          (await fetch(
            `notification/?limit=${FEED_PAGE_SIZE}&offset=${(page - 1) * FEED_PAGE_SIZE}`,
          )) as ApiPage<MemberNotificationGroup>,
      }),
    /** The explore feed; while the community keeps it off (403) there is no such page (404). */
    exploreFeed: (page: number) =>
      queryOptions({
        queryKey: ['feed', 'explore', page],
        queryFn: async () => {
          const feed = await readExplore(fetch, page);
          if (feed === null) throw new SiteApiError(404, 'explore_off', 'The explore feed is off.');
          return feed;
        },
      }),
    /** A visitor's home: the explore feed, or null while it is off (the home then welcomes instead). */
    visitorHome: (page: number) =>
      queryOptions({
        queryKey: ['feed', 'visitor-home', page],
        queryFn: () => readExplore(fetch, page),
      }),
    contribution: (type: FeedObjectType, id: number) =>
      queryOptions({
        queryKey: ['contribution', type, id],
        queryFn: async () => (await fetch(`${type}/${id}/`)) as FeedObject,
      }),
    comments: (type: FeedObjectType, id: number) =>
      queryOptions({
        queryKey: ['comments', type, id],
        queryFn: async () =>
          (await fetch(`comment/?${type}=${id}&limit=${COMMENTS_PAGE_SIZE}`)) as ApiPage<ContentComment>,
      }),
    /** The legal pages in force (terms, privacy, cookies), to accept at sign-up and to read. */
    legalPages: () =>
      queryOptions({
        queryKey: ['legal'],
        queryFn: async () => (await fetch('legal_page/last_revisions/')) as LegalPage[],
        staleTime: 60_000,
      }),
    /** The legal pages the member must accept now (a new version, or a force-accept). */
    legalToAccept: () =>
      queryOptions({
        queryKey: ['member', 'legal', 'to-accept'],
        queryFn: async () => (await fetch('legal_page/to_accept/')) as LegalPage[],
      }),
    /** A general page by its slug (inactive ones are not found). */
    customPage: (slug: string) =>
      queryOptions({
        queryKey: ['custom-page', slug],
        queryFn: async () => (await fetch(`custom_page/${encodeURIComponent(slug)}/`)) as CustomPage,
      }),
    categories: () =>
      queryOptions({
        queryKey: ['categories'],
        queryFn: async () => (await fetch('category/?limit=100')) as ApiPage<SiteCategory>,
        staleTime: 60_000,
      }),
    category: (id: number) =>
      queryOptions({
        queryKey: ['category', id],
        queryFn: async () => (await fetch(`category/${id}/`)) as SiteCategory,
      }),
    categoryFeed: (id: number, page: number) =>
      queryOptions({
        queryKey: ['category', id, 'feed', page],
        queryFn: async () =>
          (await fetch(
            `category/${id}/feed/?limit=${FEED_PAGE_SIZE}&offset=${(page - 1) * FEED_PAGE_SIZE}`,
          )) as ApiPage<FeedItem>,
      }),
  };
}

export type SiteQueries = ReturnType<typeof siteQueries>;

/** A page of the explore feed, or null when the community has turned it off (the API's 403). */
async function readExplore(fetch: SiteFetch, page: number): Promise<ApiPage<FeedItem> | null> {
  try {
    return (await fetch(
      `feed/explore/?limit=${FEED_PAGE_SIZE}&offset=${(page - 1) * FEED_PAGE_SIZE}`,
    )) as ApiPage<FeedItem>;
  } catch (error) {
    if (statusOf(error) === 403) return null;
    throw error;
  }
}

/** A preference as text ('' when unset). */
export function preferenceText(preferences: Preferences, name: string): string {
  const value = preferences[name];
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** A switch preference (true, 'true', 1). */
export function preferenceOn(preferences: Preferences, name: string): boolean {
  const value = preferences[name];
  return value === true || value === 'true' || value === 1 || value === '1';
}
