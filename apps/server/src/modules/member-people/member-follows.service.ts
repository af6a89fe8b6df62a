import {
  ErrorCode,
  MemberApiErrorCode,
  MEMBER_PEOPLE_MESSAGES as M,
  type ScoreAction,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { MemberCaller } from '../../platform/member-scope/member-scope.ts';
import { hasFeature } from '../features/features.service.ts';
import { awardPoints } from '../scoring/scoring.service.ts';
import { preferenceValues, visibleMember } from './member-people.service.ts';
import * as repo from './member-people.repository.ts';

type Deps = Pick<PlatformDeps, 'db' | 'clock' | 'secretBox'>;

/** Follows (one-way, preference `follow_enabled`) and connections (mutual, `connection_enabled`). */
export function createMemberFollowsService(deps: Deps) {
  const { db, clock } = deps;

  async function award(stackId: number, userIds: number[], action: ScoreAction): Promise<void> {
    if (!(await hasFeature(db, stackId, 'scoring'))) return;
    for (const userId of userIds) await awardPoints(deps, stackId, userId, action, clock.now());
  }

  async function requireEnabled(stackId: number, name: 'follow_enabled' | 'connection_enabled') {
    const prefs = await preferenceValues(deps, stackId, [name]);
    if (prefs[name] !== true) {
      throw AppError.of(
        403,
        'feature_disabled',
        name === 'follow_enabled' ? M.followDisabled : M.connectionDisabled,
      );
    }
  }

  /** The other member of a connection action: visible, active in this community, not the caller. */
  async function other(stackId: number, caller: MemberCaller, id: number) {
    if (id === caller.userId) throw AppError.of(400, ErrorCode.invalid, M.connectSelf);
    await visibleMember(deps, stackId, id, caller);
  }

  return {
    /** Follows or unfollows; the followed member earns the new-follower points (scoring). */
    async toggleFollow(stackId: number, caller: MemberCaller, id: number): Promise<boolean> {
      if (id === caller.userId) throw AppError.of(400, ErrorCode.invalid, M.followSelf);
      await visibleMember(deps, stackId, id, caller);
      await requireEnabled(stackId, 'follow_enabled');
      const following = await repo.toggleFollow(db, stackId, caller.userId, id, clock.now());
      if (following) await award(stackId, [id], 'new_follower');
      return following;
    },

    /** Asks to connect; when the other member had already asked, the two are connected. */
    async request(stackId: number, caller: MemberCaller, id: number): Promise<void> {
      await other(stackId, caller, id);
      await requireEnabled(stackId, 'connection_enabled');
      if (await repo.areConnected(db, stackId, caller.userId, id)) return;
      if (await repo.acceptRequest(db, stackId, id, caller.userId, clock.now())) {
        await award(stackId, [caller.userId, id], 'connection');
        return;
      }
      await repo.insertRequest(db, stackId, caller.userId, id, clock.now());
    },

    async accept(stackId: number, caller: MemberCaller, id: number): Promise<void> {
      await other(stackId, caller, id);
      await requireEnabled(stackId, 'connection_enabled');
      if (!(await repo.acceptRequest(db, stackId, id, caller.userId, clock.now()))) {
        if (await repo.areConnected(db, stackId, caller.userId, id)) return;
        throw AppError.of(400, MemberApiErrorCode.noConnectionRequest, M.noConnectionRequest);
      }
      await award(stackId, [caller.userId, id], 'connection');
    },

    async reject(stackId: number, caller: MemberCaller, id: number): Promise<void> {
      await other(stackId, caller, id);
      if (!(await repo.deleteRequest(db, stackId, id, caller.userId))) {
        throw AppError.of(400, MemberApiErrorCode.noConnectionRequest, M.noConnectionRequest);
      }
    },

    async cancelRequest(stackId: number, caller: MemberCaller, id: number): Promise<void> {
      await other(stackId, caller, id);
      await repo.deleteRequest(db, stackId, caller.userId, id);
    },

    async remove(stackId: number, caller: MemberCaller, id: number): Promise<void> {
      await other(stackId, caller, id);
      await repo.removeConnection(db, stackId, caller.userId, id);
    },
  };
}
