import {
  ModerationErrorCode,
  BOT_FLAGGER_NAME,
  ErrorCode,
  MODERATION_MESSAGES,
  NOTIFICATION_REASON,
  type FlagActionBody,
  type FlaggedContent,
  type FlaggedContentPage,
  type FlagReason,
  type ModerationContentType,
  type ModerationStatus,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { hasFeature } from '../features/features.service.ts';
import {
  createWordListClassifier,
  type Classification,
  type ContentClassifier,
} from './content-classifier.ts';
import * as moderated from '../member-content/moderated-contents.repository.ts';
import { contactEmailOf } from '../users/contact-emails.repository.ts';
import { usernamesOf } from '../users/usernames.repository.ts';
import { recipientLocale, renderEmail } from '../email-manager/email-manager.service.ts';
import * as repo from './moderation.repository.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';

const EXCERPT_LENGTH = 200;

/** The classifier the bot uses unless a caller provides another (e.g. an external moderation API). */
export const defaultClassifier: ContentClassifier = createWordListClassifier();

export interface NewContent {
  type: ModerationContentType;
  id: number;
  authorId: number;
  text: string;
  locale?: string;
}

export type BotDeps = Pick<PlatformDeps, 'db' | 'clock'> & { classifier?: ContentClassifier };

/**
 * Called when a member creates a contribution or a comment: with the bot on (and the community's
 * moderation_ai feature on), classifies the text and records a bot flag when it is abusive.
 * Returns the classification, or null when the bot did not look at the content.
 */
export async function moderateNewContent(
  deps: BotDeps,
  stackId: number,
  content: NewContent,
): Promise<Classification | null> {
  if (!(await repo.botEnabled(deps.db, stackId))) return null;
  if (!(await hasFeature(deps.db, stackId, 'moderation_ai'))) return null;
  const result = await (deps.classifier ?? defaultClassifier).classify(content.text, content.locale);
  if (result.abusive && result.reason) {
    await repo.insertFlag(deps.db, stackId, {
      contentType: content.type,
      contentId: content.id,
      authorId: content.authorId,
      flaggedBy: null,
      byBot: true,
      reason: result.reason,
      at: deps.clock.now(),
    });
  }
  return result;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}

const ACTION_STATUS: Record<Exclude<FlagActionBody['action'], 'warn'>, ModerationStatus> = {
  hide: 'hidden',
  delete: 'deleted',
  restore: 'open',
  open: 'open',
  ignore: 'ignored',
};
const CONTENT_STATUS: Record<ModerationStatus, 'published' | 'hidden' | 'deleted'> = {
  open: 'published',
  ignored: 'published',
  hidden: 'hidden',
  deleted: 'deleted',
};

export function createModerationService(deps: Pick<PlatformDeps, 'db' | 'clock' | 'mailer'>) {
  const { db, clock } = deps;

  /** A page of flag groups as the console shows them: a fixed number of queries whatever its length. */
  async function describe(stackId: number, rows: repo.FlagGroupRow[]): Promise<FlaggedContent[]> {
    const ids = new Set<number>();
    for (const row of rows) {
      ids.add(row.author_id);
      for (const id of row.flaggers ?? []) ids.add(id);
      if (row.moderator_id !== null) ids.add(row.moderator_id);
    }
    const refs = rows.map((row) => ({ type: row.content_type, id: Number(row.content_id) }));
    const [names, contents, votes, shares] = await Promise.all([
      usernamesOf(db, stackId, [...ids]),
      moderated.findContents(db, stackId, refs),
      moderated.countVotesOf(db, stackId, refs),
      moderated.countSharesOf(db, stackId, refs),
    ]);
    return rows.map((row) => {
      const key = moderated.contentKey({ type: row.content_type, id: Number(row.content_id) });
      const content = contents.get(key);
      const flaggedBy = (row.flaggers ?? []).map((f) => names.get(f) ?? `#${f}`).sort();
      if (row.by_bot) flaggedBy.unshift(BOT_FLAGGER_NAME);
      return {
        content_type: row.content_type,
        content_id: Number(row.content_id),
        author: { id: row.author_id, username: names.get(row.author_id) ?? `#${row.author_id}` },
        flagged_by: flaggedBy,
        reasons: [...row.reasons].sort(),
        flag_count: Number(row.flag_count),
        last_flagged_at: new Date(row.last_flagged_at).toISOString(),
        last_moderated_at: row.last_moderated_at ? new Date(row.last_moderated_at).toISOString() : null,
        status: row.status,
        moderator: row.moderator_id === null ? null : (names.get(row.moderator_id) ?? `#${row.moderator_id}`),
        motivation: row.motivation,
        excerpt: excerpt(content?.text ?? ''),
        content_status: content?.status ?? 'deleted',
        votes: votes.get(key) ?? 0,
        shares: shares.get(key) ?? 0,
      };
    });
  }

  /** One flagged content: SQL picks its group, so the cost does not grow with the community's flags. */
  async function one(stackId: number, type: ModerationContentType, id: number): Promise<FlaggedContent> {
    const rows = await repo.listFlagGroups(db, stackId, {
      contentType: type,
      contentId: id,
      limit: 1,
      offset: 0,
    });
    const [item] = await describe(stackId, rows);
    if (!item) throw AppError.notFound();
    return item;
  }

  return {
    async list(
      stackId: number,
      query: {
        status?: ModerationStatus;
        content_type?: ModerationContentType;
        limit: number;
        offset: number;
      },
    ): Promise<FlaggedContentPage> {
      const rows = await repo.listFlagGroups(db, stackId, {
        status: query.status,
        contentType: query.content_type,
        limit: query.limit,
        offset: query.offset,
      });
      const count = rows[0] ? Number(rows[0].total) : 0;
      return { count, results: await describe(stackId, rows) };
    },

    one,

    async act(
      stackId: number,
      moderatorId: number,
      type: ModerationContentType,
      id: number,
      body: FlagActionBody,
    ): Promise<FlaggedContent> {
      const reasons = await repo.flagReasonsOf(db, stackId, type, id);
      const content = await moderated.findContent(db, stackId, type, id);
      if (reasons.length === 0 || !content) throw AppError.notFound();

      if (body.action === 'warn') {
        const message = body.message?.trim();
        if (!message) {
          throw AppError.of(400, ErrorCode.required, MODERATION_MESSAGES.warnMessageRequired, 'message');
        }
        const email = await contactEmailOf(db, stackId, content.authorId);
        if (!email) throw AppError.of(400, ErrorCode.invalid, MODERATION_MESSAGES.warnError);
        try {
          const mail = await renderEmail(
            db,
            stackId,
            'moderation_warning',
            await recipientLocale(db, stackId, [email]),
            {
              message,
              excerpt: excerpt(content.text),
            },
          );
          await deps.mailer.send(stackId, { to: [email], ...mail });
        } catch {
          throw AppError.of(502, ModerationErrorCode.warnFailed, MODERATION_MESSAGES.warnError);
        }
        // SelfCommunity's `kindly_notice_*` notification, for the reason given or the content's first.
        const reason = body.motivation ?? reasons[0];
        if (reason && content.authorId !== moderatorId) {
          const data = {
            user: { id: content.authorId },
            contribution_type: type,
            id,
            moderator: { id: moderatorId },
          };
          const notice = `notification.kindly_notice_${NOTIFICATION_REASON[reason]}`;
          await recordEvent(db, {
            stackId,
            type: notice,
            data: { ...data, motivation: reason },
            at: clock.now(),
          });
        }
        return one(stackId, type, id);
      }

      let motivation: FlagReason | null = null;
      if (body.action === 'hide' || body.action === 'delete') {
        if (!body.motivation || !reasons.includes(body.motivation)) {
          throw AppError.of(
            400,
            body.motivation ? ErrorCode.invalid : ErrorCode.required,
            MODERATION_MESSAGES.motivationRequired,
            'motivation',
          );
        }
        motivation = body.motivation;
      }
      const status = ACTION_STATUS[body.action];
      await db.transaction().execute(async (trx) => {
        await repo.upsertModeration(trx, stackId, type, id, {
          status,
          moderatorId,
          motivation,
          at: clock.now(),
        });
        await moderated.setContentStatus(trx, stackId, type, id, CONTENT_STATUS[status]);
        // SelfCommunity's `{post,discussion,status,comment}.{deleted,restored}` webhook events.
        const what = status === 'deleted' ? 'deleted' : body.action === 'restore' ? 'restored' : null;
        const data = { id, moderator: { id: moderatorId }, motivation };
        if (what) await recordEvent(trx, { stackId, type: `${type}.${what}`, data, at: clock.now() });
        // The author's notification (SelfCommunity's `deleted_for_*`, `collapsed_for_*`, `undeleted_for`).
        const notice =
          body.action === 'delete' && motivation
            ? `notification.deleted_for_${NOTIFICATION_REASON[motivation]}`
            : body.action === 'hide' && motivation
              ? `notification.collapsed_for_${NOTIFICATION_REASON[motivation]}`
              : body.action === 'restore'
                ? 'notification.undeleted_for'
                : null;
        if (notice && content.authorId !== moderatorId) {
          const about = { user: { id: content.authorId }, contribution_type: type, ...data };
          await recordEvent(trx, { stackId, type: notice, data: about, at: clock.now() });
        }
      });
      return one(stackId, type, id);
    },

    botStatus: async (stackId: number) => ({ enabled: await repo.botEnabled(db, stackId) }),
    setBotStatus: async (stackId: number, enabled: boolean) => {
      await repo.setBotEnabled(db, stackId, enabled, clock.now());
      return { enabled };
    },
  };
}
