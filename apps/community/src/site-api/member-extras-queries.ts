import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  MemberBroadcast,
  MemberPrize,
  MemberPrizeRequest,
  PrivateMessage,
  PrivateMessageSnippet,
} from '@agora/contract';
import type { SiteFetch } from './site-fetch.ts';
import type { ApiPage } from './site-shapes.ts';

export type { MemberBroadcast, MemberPrize, MemberPrizeRequest, PrivateMessage, PrivateMessageSnippet };

/** Threads per page of `/messages`, messages per page of a conversation. */
export const MESSAGE_THREADS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 20;
/** New messages, threads and counts arrive without a reload: asked again every 15 s. */
const POLL_MS = 15_000;

/** A page of a conversation: `next` leads to older messages (`before_message`). */
type ThreadPage = ApiPage<PrivateMessage> & { next: string | null };

/**
 * The member site's queries of a member's own extras: private messages (`pm/`), loyalty points,
 * prizes and requests (`loyalty/`), and broadcast banners (`notification/banner/`). All are the
 * signed-in member's, so all live under the 'member' key (dropped at sign-out).
 */
export function memberExtrasQueries(fetch: SiteFetch) {
  return {
    /** How many messages the member has not seen (the member menu's badge). */
    unseenMessages: () =>
      queryOptions({
        queryKey: ['member', 'pm', 'count'],
        queryFn: async () => ((await fetch('pm/unseen/count/')) as { count: number }).count,
        refetchInterval: POLL_MS,
      }),
    /** The member's threads, newest first. */
    messageThreads: (page: number) =>
      queryOptions({
        queryKey: ['member', 'pm', 'threads', page],
        queryFn: async () =>
          (await fetch(
            `pm/?limit=${MESSAGE_THREADS_PAGE_SIZE}&offset=${(page - 1) * MESSAGE_THREADS_PAGE_SIZE}`,
          )) as ApiPage<PrivateMessageSnippet>,
        refetchInterval: POLL_MS,
      }),
    /** The conversation with one member: the newest page first, older pages on demand. */
    messageThread: (userId: number) =>
      infiniteQueryOptions({
        queryKey: ['member', 'pm', 'thread', userId],
        queryFn: async ({ pageParam }) =>
          (await fetch(
            `pm/?user=${userId}&limit=${MESSAGES_PAGE_SIZE}${pageParam ? `&before_message=${pageParam}` : ''}`,
          )) as ThreadPage,
        initialPageParam: 0,
        getNextPageParam: (last: ThreadPage) => (last.next ? (last.results[0]?.id ?? undefined) : undefined),
        refetchInterval: POLL_MS,
      }),
    loyaltyPoints: (userId: number) =>
      queryOptions({
        queryKey: ['member', 'loyalty', 'points', userId],
        queryFn: async () => ((await fetch(`user/${userId}/loyalty/points/`)) as { points: number }).points,
      }),
    loyaltyPrizes: () =>
      queryOptions({
        queryKey: ['member', 'loyalty', 'prizes'],
        queryFn: async () => (await fetch('loyalty/prize/?limit=100')) as ApiPage<MemberPrize>,
      }),
    loyaltyRequests: () =>
      queryOptions({
        queryKey: ['member', 'loyalty', 'requests'],
        queryFn: async () => (await fetch('loyalty/request/?limit=100')) as ApiPage<MemberPrizeRequest>,
      }),
    /** The member's banners not yet closed, newest first. */
    banners: () =>
      queryOptions({
        queryKey: ['member', 'banners'],
        queryFn: async () => (await fetch('notification/banner/?limit=5')) as ApiPage<MemberBroadcast>,
        staleTime: 60_000,
      }),
  };
}
