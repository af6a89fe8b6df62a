import { queryOptions } from '@tanstack/react-query';
import type { MemberUserCounters, MemberUserObject } from '@agora/contract';
import { SiteApiError, type SiteFetch } from './site-fetch.ts';
import type { ApiPage, FeedItem, FeedObject, FeedObjectType } from './site-shapes.ts';

export type { MemberUserCounters, MemberUserObject };

/** Members per page of a profile's people lists and of the people found by a search. */
export const PEOPLE_PAGE_SIZE = 20;
/** Contents per page of a search. */
export const SEARCH_PAGE_SIZE = 20;

/** The lists of people a profile shows, as the follow or connection setting says. */
export type PeopleList = 'followers' | 'followings' | 'connections';

/** A profile as its page shows it: the member and their counters. */
export interface Profile {
  user: MemberUserObject;
  counters: MemberUserCounters;
}

/** How the caller relates to a member (`connection_status/`). */
export type ConnectionStatus =
  'followed' | 'connected' | 'sent_connection_request' | 'received_connection_request' | null;

const offsetOf = (page: number, size: number) => (page - 1) * size;

/**
 * The member site's queries of people: a profile by its address (`/u/{username}`), its contents and
 * people, how the signed-in member relates to it, and the search of people and contents.
 */
export function peopleQueries(fetch: SiteFetch) {
  // A username names the same member for good: its id is asked once per page (or browser tab).
  const ids = new Map<string, Promise<MemberUserObject>>();

  /** The member named exactly `username` (the search puts them first), or the API's 404. */
  function memberNamed(username: string): Promise<MemberUserObject> {
    const key = username.toLowerCase();
    let found = ids.get(key);
    if (!found) {
      found = (async () => {
        const page = (await fetch(
          `user/search/?username=${encodeURIComponent(username)}&limit=1`,
        )) as ApiPage<MemberUserObject>;
        const user = page.results[0];
        if (!user || user.username.toLowerCase() !== key) {
          throw new SiteApiError(404, 'not_found', 'No member has this username.');
        }
        return user;
      })();
      found.catch(() => ids.delete(key));
      ids.set(key, found);
    }
    return found;
  }

  return {
    profile: (username: string) =>
      queryOptions({
        queryKey: ['profile', username.toLowerCase()],
        queryFn: async (): Promise<Profile> => {
          const { id } = await memberNamed(username);
          // The member as the API shows them to this caller, with their counters.
          const [user, counters] = await Promise.all([
            fetch(`user/${id}/`) as Promise<MemberUserObject>,
            fetch(`user/${id}/counters/`) as Promise<MemberUserCounters>,
          ]);
          return { user, counters };
        },
      }),
    /** The member's contributions, newest first. */
    profileFeed: (username: string, page: number) =>
      queryOptions({
        queryKey: ['profile', username.toLowerCase(), 'feed', page],
        queryFn: async () => {
          const { id } = await memberNamed(username);
          return (await fetch(`user/${id}/feed/?limit=20&offset=${offsetOf(page, 20)}`)) as ApiPage<FeedItem>;
        },
      }),
    profilePeople: (username: string, list: PeopleList, page: number) =>
      queryOptions({
        queryKey: ['profile', username.toLowerCase(), list, page],
        queryFn: async () => {
          const { id } = await memberNamed(username);
          return (await fetch(
            `user/${id}/${list}/?limit=${PEOPLE_PAGE_SIZE}&offset=${offsetOf(page, PEOPLE_PAGE_SIZE)}`,
          )) as ApiPage<MemberUserObject>;
        },
      }),
    /** Whether the signed-in member follows this member. */
    isFollowed: (id: number) =>
      queryOptions({
        queryKey: ['member', 'people', 'followed', id],
        queryFn: async () =>
          ((await fetch(`user/${id}/is_followed/`)) as { is_followed: boolean }).is_followed,
      }),
    /** How the signed-in member and this member are connected. */
    connectionStatus: (id: number) =>
      queryOptions({
        queryKey: ['member', 'people', 'connection', id],
        queryFn: async () =>
          ((await fetch(`user/${id}/connection_status/`)) as { connection_status: ConnectionStatus })
            .connection_status,
      }),
    /** Members whose username or real name holds the text. */
    searchPeople: (text: string, page: number) =>
      queryOptions({
        queryKey: ['search', 'people', text, page],
        queryFn: async () =>
          (await fetch(
            `user/search/?user=${encodeURIComponent(text)}&limit=${PEOPLE_PAGE_SIZE}&offset=${offsetOf(page, PEOPLE_PAGE_SIZE)}`,
          )) as ApiPage<MemberUserObject>,
      }),
    /** Contents of a type whose title or text holds the text, newest first. */
    searchContents: (type: FeedObjectType, text: string, page: number) =>
      queryOptions({
        queryKey: ['search', type, text, page],
        queryFn: async () =>
          (await fetch(
            `${type}/search/?search=${encodeURIComponent(text)}&limit=${SEARCH_PAGE_SIZE}&offset=${offsetOf(page, SEARCH_PAGE_SIZE)}`,
          )) as ApiPage<FeedObject>,
      }),
  };
}
