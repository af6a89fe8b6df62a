import type { FeedObject, FeedObjectType } from '@agora/contract';
import type { MemberCaller } from '../../platform/member-scope/member-scope.ts';
import * as follows from './contribution-follows.repository.ts';
import { feedObjects } from './member-content.serializers.ts';
import { viewerOf, type ContentDeps, type MemberContentService } from './member-content.service.ts';

/**
 * Following contributions (SelfCommunity's `{type}/{id}/follow/`): a member follows what they may
 * read; the contents service decides that, so a hidden or deleted one is 404 here as everywhere.
 */
export function createContributionFollowsService(deps: ContentDeps, contents: MemberContentService) {
  const { db, clock } = deps;
  return {
    /** Follows the contribution or stops following it; answers whether the caller follows it now. */
    async toggle(stackId: number, caller: MemberCaller, type: FeedObjectType, id: number): Promise<boolean> {
      await contents.contribution(stackId, caller, type, id);
      return follows.toggleFollow(db, stackId, caller.userId, id, clock.now());
    },

    async following(stackId: number, caller: MemberCaller, type: FeedObjectType, id: number) {
      await contents.contribution(stackId, caller, type, id);
      return { following: await follows.isFollowing(db, stackId, caller.userId, id) };
    },

    /** The caller's followed contributions of a type that they may still read, latest follow first. */
    async followed(
      stackId: number,
      caller: MemberCaller,
      type: FeedObjectType,
      limit: number | undefined,
      offset: number,
    ): Promise<{ count: number; results: FeedObject[] }> {
      const viewer = viewerOf(caller);
      const { count, rows } = await follows.followedContributions(db, stackId, caller.userId, type, {
        visibleOnly: !viewer.staff,
        limit,
        offset,
      });
      return { count, results: await feedObjects(db, stackId, rows, viewer, clock.now()) };
    },
  };
}
