import { z } from 'zod';
import type { FeedObjectType } from './member-content-schemas.ts';

/**
 * Following a contribution, as SelfCommunity's member API does it: `POST /{type}/{id}/follow/`
 * toggles (a follower hears of the comments others write on it), `GET /{type}/{id}/following/` says
 * whether the caller follows it and `GET /{type}/following/` lists the caller's followed ones of that
 * type, latest follow first. The contribution itself carries `followed` for a signed-in caller.
 */
export function contributionFollowPaths(type: FeedObjectType) {
  return {
    follow: `/${type}/:id/follow/`,
    following: `/${type}/:id/following/`,
    followedList: `/${type}/following/`,
  } as const;
}

/** `GET /{type}/{id}/following/`'s answer. */
export const contributionFollowingSchema = z.object({ following: z.boolean() });
