import { ErrorCode, SHARE_MESSAGES as M, type MediaCreateBody, type ShareMedia } from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { MemberCaller } from '../../platform/member-scope/member-scope.ts';
import { awardLoyaltyShare } from '../loyalty/loyalty.service.ts';
import { visibilityOf } from './member-content.repository.ts';
import { findAnyContribution, insertShare } from './shares.repository.ts';
import { viewerOf } from './member-content.service.ts';

/**
 * A member shares a contribution (SelfCommunity's `POST /media/ {type: "share"}`): the share is
 * recorded (the content's `share_count`, the analytics' shares) and the member earns the loyalty
 * program's social-share points, once per content (ADR 0026).
 */
export function createSharesService(deps: Pick<PlatformDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  return {
    async share(stackId: number, caller: MemberCaller, body: MediaCreateBody): Promise<ShareMedia> {
      if (body.type !== 'share') throw AppError.of(400, ErrorCode.invalid, M.typeUnsupported, 'type');
      const id = body.shared_object ?? body.share_object;
      if (id === undefined) {
        throw AppError.of(400, ErrorCode.required, M.sharedObjectRequired, 'shared_object');
      }
      const row = await findAnyContribution(db, stackId, id);
      // A content the member cannot read is one they cannot share (nor learn that it exists).
      const readable =
        row && (viewerOf(caller).staff || visibilityOf(row.status, row.moderation) === 'visible');
      if (!row || !readable) {
        throw AppError.of(400, ErrorCode.invalid, M.sharedObjectInvalid, 'shared_object');
      }
      const at = clock.now();
      const shareId = await insertShare(db, stackId, {
        userId: caller.userId,
        contributionId: row.id,
        authorId: row.author_id,
        at,
      });
      await awardLoyaltyShare(deps, stackId, caller.userId, row.id, at);
      return {
        id: shareId,
        added_at: at.toISOString(),
        type: 'share',
        title: row.title,
        description: '',
        url: null,
        image: null,
        image_width: null,
        image_height: null,
        order: 0,
        embed: {
          embed_type: 'sc_shared_object',
          embed_id: String(row.id),
          metadata: { id: row.id, type: row.type },
        },
      };
    },
  };
}
