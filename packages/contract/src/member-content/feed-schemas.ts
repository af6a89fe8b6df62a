import { z } from 'zod';
import { feedUnitSchema } from '../categories/category-member.ts';
import { STREAM_ORDERS } from '../dynamic-preferences/preference-catalogue.ts';
import { memberListQuerySchema } from '../member-list.ts';
import { rowIdSchema } from '../row-id.ts';

/**
 * Member API, feeds (SelfCommunity v2-compatible, relative to `/c/{slug}/api/v2`): the home feed (the
 * followed categories, the followed people and the member's own contents), the explore feed (every
 * content the caller may see), the home feed's unseen count and marking contents seen. The category
 * feed is `categoryMemberPaths.feed`. Orders and the connection boost: ADR 0022.
 */
export const feedPaths = {
  home: '/feed/',
  explore: '/feed/explore/',
  unseenCount: '/feed/unseen/count/',
  read: '/feed/read/',
  /** A member's own contributions, newest first. */
  user: '/user/:id/feed/',
} as const;

/** The orders of a feed (the preferences `home_stream_order_by` / `explore_stream_order_by`). */
export const FEED_ORDERS = STREAM_ORDERS;
export const feedOrderSchema = z.enum(FEED_ORDERS);
export type FeedOrder = z.infer<typeof feedOrderSchema>;

/** `limit`/`offset`, and SelfCommunity's `ordering` overriding the community's order for one call. */
export const feedQuerySchema = memberListQuerySchema.extend({
  ordering: feedOrderSchema.optional(),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** A unit of the home or explore feed: the category feed's unit and whether the member has seen it. */
export const feedItemSchema = feedUnitSchema
  .extend({ seen: z.boolean().describe('Whether the member has marked it read (feed/read/)') })
  .describe('A feed unit of the home or explore feed');
export type FeedItem = z.infer<typeof feedItemSchema>;

/** `GET feed/unseen/count/`: home feed contents by others the member has not seen. */
export const feedUnseenCountSchema = z.object({ total: z.number().int() }).describe('Unseen count');

/** `POST feed/read/`: the ids of the feed objects (discussions, posts, statuses) seen. */
export const feedReadBodySchema = z.object({
  object: z.array(rowIdSchema).min(1).max(200),
});
export type FeedReadBody = z.infer<typeof feedReadBodySchema>;
