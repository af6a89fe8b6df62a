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
import { recordEvents, type NewEvent } from '../../platform/events/event-outbox.ts';
import type { Db } from '../../platform/db/database.ts';

type Deps = Pick<PlatformDeps, 'db' | 'clock' | 'secretBox'>;

/** Follows (one-way, preference `follow_enabled`) and connections (mutual, `connection_enabled`). */
export function createMemberFollowsService(deps: Deps) {
  const { db, clock } = deps;

  async function award(stackId: number, userIds: number[], action: ScoreAction): Promise<void> {
    if (!(await hasFeature(db, stackId, 'scoring'))) return;
    for (const userId of userIds) await awardPoints(deps, stackId, userId, action, clock.now());
  }

  type Happened = Pick<NewEvent, 'type' | 'data'>;
  /** Runs a relation change and records its webhook events in one transaction (none when empty). */
  async function withEvent<T>(
    stackId: number,
    change: (trx: Db) => Promise<T>,
    event: (result: T) => Happened | Happened[] | undefined,
  ): Promise<T> {
    return db.transaction().execute(async (trx) => {
      const result = await change(trx);
      const happened = [event(result) ?? []].flat();
      const at = clock.now();
      await recordEvents(
        trx,
        happened.map((e) => ({ stackId, ...e, at })),
      );
      return result;
    });
  }
  const pair = (from: number, to: number) => ({ user: { id: from }, target: { id: to } });

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
      const following = await withEvent(
        stackId,
        (trx) => repo.toggleFollow(trx, stackId, caller.userId, id, clock.now()),
        (on) =>
          on
            ? [
                { type: 'connection.follow', data: pair(caller.userId, id) },
                // The followed member's notification (SelfCommunity's `user_follow`).
                { type: 'notification.user_follow', data: { user: { id }, follower: { id: caller.userId } } },
              ]
            : { type: 'connection.unfollow', data: pair(caller.userId, id) },
      );
      if (following) await award(stackId, [id], 'new_follower');
      return following;
    },

    /** Asks to connect; when the other member had already asked, the two are connected. */
    async request(stackId: number, caller: MemberCaller, id: number): Promise<void> {
      await other(stackId, caller, id);
      await requireEnabled(stackId, 'connection_enabled');
      if (await repo.areConnected(db, stackId, caller.userId, id)) return;
      const accepted = await repo.acceptRequest(db, stackId, id, caller.userId, clock.now());
      if (accepted) {
        await award(stackId, [caller.userId, id], 'connection');
        return;
      }
      await withEvent(
        stackId,
        (trx) => repo.insertRequest(trx, stackId, caller.userId, id, clock.now()),
        () => [
          { type: 'connection_request.created', data: pair(caller.userId, id) },
          {
            type: 'notification.connection_request',
            data: { user: { id }, request_user: { id: caller.userId } },
          },
        ],
      );
    },

    async accept(stackId: number, caller: MemberCaller, id: number): Promise<void> {
      await other(stackId, caller, id);
      await requireEnabled(stackId, 'connection_enabled');
      const accepted = await repo.acceptRequest(db, stackId, id, caller.userId, clock.now());
      if (!accepted) {
        if (await repo.areConnected(db, stackId, caller.userId, id)) return;
        throw AppError.of(400, MemberApiErrorCode.noConnectionRequest, M.noConnectionRequest);
      }
      await award(stackId, [caller.userId, id], 'connection');
    },

    async reject(stackId: number, caller: MemberCaller, id: number): Promise<void> {
      await other(stackId, caller, id);
      const rejected = await withEvent(
        stackId,
        (trx) => repo.deleteRequest(trx, stackId, id, caller.userId),
        (done) => (done ? { type: 'connection_request.rejected', data: pair(id, caller.userId) } : undefined),
      );
      if (!rejected) {
        throw AppError.of(400, MemberApiErrorCode.noConnectionRequest, M.noConnectionRequest);
      }
    },

    async cancelRequest(stackId: number, caller: MemberCaller, id: number): Promise<void> {
      await other(stackId, caller, id);
      await withEvent(
        stackId,
        (trx) => repo.deleteRequest(trx, stackId, caller.userId, id),
        (done) =>
          done ? { type: 'connection_request.cancelled', data: pair(caller.userId, id) } : undefined,
      );
    },

    async remove(stackId: number, caller: MemberCaller, id: number): Promise<void> {
      await other(stackId, caller, id);
      await withEvent(
        stackId,
        (trx) => repo.removeConnection(trx, stackId, caller.userId, id),
        () => ({ type: 'connection.deleted', data: pair(caller.userId, id) }),
      );
    },
  };
}
