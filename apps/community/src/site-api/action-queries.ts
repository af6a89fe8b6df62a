import { queryOptions } from '@tanstack/react-query';
import type { SiteFetch } from './site-fetch.ts';
import type { ApiPage, FeedObjectType } from './site-shapes.ts';

/** What a member does to a contribution or a comment: react, follow, flag; and following categories. */

/** A reaction as `reaction/` lists it (SelfCommunity's Reaction). */
export interface SiteReaction {
  id: number;
  label: string;
  sentiment: number;
  image: string;
  active: boolean;
}

/** What a member reacts to or flags: a contribution of a type, or a comment. */
export type ActionTarget = FeedObjectType | 'comment';

/** The caller's own flag on a content (`flag/status/`). */
export interface OwnFlag {
  flag_type: number | null;
  flag_type_description: string | null;
  added_at: string | null;
}

/** SelfCommunity's flag types, by the number sent on the wire (`SCFlagTypeEnum`). */
export const FLAG_TYPES = ['spam', 'aggressive', 'vulgar', 'poor', 'offtopic'] as const;
export type FlagType = (typeof FLAG_TYPES)[number];

export function actionQueries(fetch: SiteFetch) {
  return {
    /** The community's active reactions, as members pick them (the console manages them). */
    reactions: () =>
      queryOptions({
        queryKey: ['reactions'],
        queryFn: async () =>
          ((await fetch('reaction/?active=true&limit=100')) as ApiPage<SiteReaction>).results.filter(
            (reaction) => reaction.active,
          ),
        staleTime: 5 * 60_000,
      }),
    /** The member's own flag on a contribution or a comment. */
    ownFlag: (target: ActionTarget, id: number) =>
      queryOptions({
        queryKey: ['member', 'flag', target, id],
        queryFn: async () => (await fetch(`${target}/${id}/flag/status/`)) as OwnFlag,
      }),
    /** Whether the member follows a category. */
    categoryFollowed: (id: number) =>
      queryOptions({
        queryKey: ['member', 'category-followed', id],
        queryFn: async () =>
          ((await fetch(`category/${id}/is_followed/`)) as { is_followed: boolean }).is_followed,
      }),
  };
}
