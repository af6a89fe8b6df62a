import {
  ErrorCode,
  ImageErrorCode,
  MEMBER_IMAGE_MAX_BYTES,
  MEMBER_IMAGE_TITLE_MAX,
  SHARE_MESSAGES as M,
  type ImageMedia,
  type MediaCreateBody,
  type ShareMedia,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Community, MemberCaller } from '../../platform/member-scope/member-scope.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { createFileStorage } from '../../platform/storage/storage-choice.ts';
import { awardLoyaltyShare } from '../loyalty/loyalty.service.ts';
import { storeCheckedImage } from '../theme/theme.service.ts';
import { scheduledAway } from './composer-schedule.ts';
import { imageMediaOf, insertMemberImage } from './media-uploads.repository.ts';
import { visibilityOf } from './member-content.repository.ts';
import { findAnyContribution, insertShare } from './shares.repository.ts';
import { viewerOf } from './member-content.service.ts';

/**
 * A member shares a contribution (SelfCommunity's `POST /media/ {type: "share"}`): the share is
 * recorded (the content's `share_count`, the analytics' shares) and the member earns the loyalty
 * program's social-share points, once per content (ADR 0026). Or uploads an image
 * (`{type: "image", image: <file>}`) to attach to the contribution they publish (`medias`).
 */
export function createSharesService(
  deps: Pick<PlatformDeps, 'db' | 'clock' | 'config'> & { storage?: FileStorage },
) {
  const { db, clock, config } = deps;
  const storage = deps.storage ?? createFileStorage(config);
  return {
    /**
     * The image is checked by its content (PNG, JPEG, GIF or WebP, fully decoded), re-encoded and
     * stored with its variants in the community's media folder (the theme's pipeline and file store),
     * served at its content address; it belongs to the uploader alone until they publish it.
     */
    async uploadImage(
      community: Community,
      caller: MemberCaller,
      body: MediaCreateBody,
    ): Promise<ImageMedia> {
      const file: unknown = body.image;
      if (!Buffer.isBuffer(file) || file.length === 0) {
        throw AppError.of(400, ImageErrorCode.required, M.imageRequired, 'image');
      }
      if (file.length > MEMBER_IMAGE_MAX_BYTES) {
        throw AppError.of(400, ImageErrorCode.tooLarge, M.imageTooLarge, 'image');
      }
      const title = (typeof body.title === 'string' ? body.title : '').trim();
      if (title.length > MEMBER_IMAGE_TITLE_MAX) {
        throw AppError.of(400, ErrorCode.maxLength, M.imageTitle, 'title');
      }
      let stored;
      try {
        stored = await storeCheckedImage({ config, storage }, community, file, 'cover');
      } catch (error) {
        if (error instanceof AppError) {
          throw AppError.of(400, ImageErrorCode.invalidFormat, M.imageFormat, 'image');
        }
        throw error;
      }
      const row = await insertMemberImage(db, community.stackId, {
        userId: caller.userId,
        title,
        hash: stored.image.hash,
        extension: stored.image.extension,
        contentType: stored.image.contentType,
        width: stored.image.width,
        height: stored.image.height,
        bytes: stored.image.original.length,
        url: stored.url,
        at: clock.now(),
      });
      return imageMediaOf(row);
    },

    async share(stackId: number, caller: MemberCaller, body: MediaCreateBody): Promise<ShareMedia> {
      if (body.type !== 'share') throw AppError.of(400, ErrorCode.invalid, M.typeUnsupported, 'type');
      const id = body.shared_object ?? body.share_object;
      if (id === undefined) {
        throw AppError.of(400, ErrorCode.required, M.sharedObjectRequired, 'shared_object');
      }
      const row = await findAnyContribution(db, stackId, id);
      // A content the member cannot read is one they cannot share (nor learn that it exists).
      const viewer = viewerOf(caller);
      const readable =
        row &&
        (viewer.staff || visibilityOf(row.status, row.moderation) === 'visible') &&
        !scheduledAway(row, viewer, clock.now());
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
