import {
  ModerationErrorCode,
  BOT_FLAGGER_NAME,
  ErrorCode,
  FLAG_TYPE_DESCRIPTIONS,
  MODERATION_MESSAGES,
  flagTypeOf,
  reasonOfFlagType,
  type FlagActionBody,
  type FlagReason,
  type FlaggedContribution,
  type FlaggedContributionQuery,
  type ModerateContributionBody,
  type ModeratedContributionType,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireFeature } from '../features/features.service.ts';
import { memberUsers } from '../member-people/member-user.repository.ts';
import { createModerationService } from '../moderation/moderation.service.ts';
import * as flags from '../moderation/content-flags.repository.ts';
import { moderationOf } from '../moderation/content-moderation-states.repository.ts';
import { contactEmailOf } from '../users/contact-emails.repository.ts';
import * as repo from './content-moderation.repository.ts';
import { findContent } from './moderated-contents.repository.ts';
import * as content from './member-content.repository.ts';
import { authorOf, contentComments, feedObjects } from './member-content.serializers.ts';
import { summaryOf } from '../../platform/content/content-html.ts';
import { recipientLocale, renderEmail } from '../email-manager/email-manager.service.ts';

const STAFF_VIEW = { userId: undefined, staff: true };

/**
 * The member API's moderation of contributions (SelfCommunity's `/moderation/contribution/`), for
 * admins and moderators. Reading is its own; every action goes through the console's moderation
 * service (same states, same motivation rule, same warning mail).
 */
export function createContentModerationService(deps: PlatformDeps) {
  const { db, clock } = deps;
  const moderation = createModerationService(deps);

  async function checkFeature(stackId: number): Promise<void> {
    await requireFeature(db, stackId, 'moderation_flags');
  }

  async function existing(stackId: number, type: ModeratedContributionType, id: number) {
    const found = await findContent(db, stackId, type, id);
    if (!found) throw AppError.notFound();
    return found;
  }

  /** The contribution objects of a page, keyed by `type:id`. */
  async function contributionsOf(stackId: number, rows: repo.FlaggedRow[]) {
    const result = new Map<string, Record<string, unknown>>();
    const now = clock.now();
    for (const type of ['post', 'discussion', 'status', 'comment'] as const) {
      const ids = rows.filter((r) => r.content_type === type).map((r) => Number(r.content_id));
      if (ids.length === 0) continue;
      const detail = await flags.flagDetail(db, stackId, type, ids);
      const withDetail = (id: number) => {
        const counts = detail.get(id);
        return Object.fromEntries(
          Object.keys(FLAG_TYPE_DESCRIPTIONS).map((reason) => [
            String(flagTypeOf(reason as FlagReason)),
            counts?.get(reason as FlagReason) ?? 0,
          ]),
        );
      };
      if (type === 'comment') {
        const found = await Promise.all(ids.map((id) => content.findComment(db, stackId, id)));
        const items = await contentComments(
          db,
          stackId,
          found.filter((r): r is content.CommentRow => r !== undefined),
          STAFF_VIEW,
          now,
        );
        for (const item of items) {
          const row = found.find((r) => r?.id === item.id) as content.CommentRow;
          result.set(`comment:${item.id}`, {
            ...item,
            flag_count_detail: withDetail(item.id),
            thread_id: row.contribution_id,
            thread_type: row.contribution_type,
            has_poll: false,
          });
        }
      } else {
        const found = await Promise.all(ids.map((id) => content.findContribution(db, stackId, type, id)));
        const items = await feedObjects(
          db,
          stackId,
          found.filter((r): r is content.ContributionRow => r !== undefined),
          STAFF_VIEW,
          now,
        );
        for (const item of items) {
          result.set(`${type}:${item.id}`, {
            ...item,
            flag_count_detail: withDetail(item.id),
            parent: null,
            in_reply_to: null,
            thread_id: item.id,
            thread_type: type,
          });
        }
      }
    }
    return result;
  }

  function motivationOf(body: ModerateContributionBody): FlagReason | undefined {
    return body.moderation_type === null || body.moderation_type === undefined
      ? undefined
      : reasonOfFlagType(body.moderation_type);
  }

  /** The console's action, with its `motivation` errors named after this API's `moderation_type`. */
  async function consoleAct(
    stackId: number,
    moderatorId: number,
    type: ModeratedContributionType,
    id: number,
    body: FlagActionBody,
  ): Promise<void> {
    try {
      await moderation.act(stackId, moderatorId, type, id, body);
    } catch (error) {
      if (error instanceof AppError) {
        throw new AppError(
          error.statusCode,
          error.entries.map((e) => (e.field === 'motivation' ? { ...e, field: 'moderation_type' } : e)),
        );
      }
      throw error;
    }
  }

  return {
    checkFeature,

    async list(
      stackId: number,
      query: FlaggedContributionQuery,
    ): Promise<{ count: number; results: FlaggedContribution[] }> {
      const limit = query.limit ?? 20;
      const rows = await repo.listFlagged(db, stackId, query, limit);
      const objects = await contributionsOf(stackId, rows);
      const moderators = await memberUsers(
        db,
        stackId,
        rows.flatMap((r) => (r.moderator_id === null ? [] : [r.moderator_id])),
        clock.now(),
      );
      const results = rows.flatMap((row) => {
        const contribution = objects.get(`${row.content_type}:${Number(row.content_id)}`);
        if (!contribution) return [];
        return [
          {
            contribution_type: row.content_type,
            contribution: contribution as FlaggedContribution['contribution'],
            last_flagged_at: new Date(row.last_flagged_at).toISOString(),
            moderation_status: row.status,
            moderation_type: row.motivation ? flagTypeOf(row.motivation) : null,
            moderation_by: authorOf(moderators, row.moderator_id),
            moderation_at: row.last_moderated_at ? new Date(row.last_moderated_at).toISOString() : null,
          },
        ];
      });
      return { count: rows[0] ? Number(rows[0].total) : 0, results };
    },

    async flags(
      stackId: number,
      type: ModeratedContributionType,
      id: number,
      flagType: unknown,
      limit: number | undefined,
      offset: number,
    ) {
      await existing(stackId, type, id);
      // The SDK sends `{"flag_type": null}` when it does not filter.
      const given = flagType !== undefined && flagType !== null && flagType !== '';
      const reason = given ? reasonOfFlagType(flagType) : undefined;
      if (given && !reason) {
        throw AppError.of(400, ErrorCode.invalid, 'Choose a flag type between 0 and 4.', 'flag_type');
      }
      const { count, rows } = await flags.contentFlags(db, stackId, type, id, reason, limit, offset);
      const users = await memberUsers(
        db,
        stackId,
        rows.flatMap((r) => (r.flagged_by === null ? [] : [r.flagged_by])),
        clock.now(),
      );
      return {
        count,
        results: rows.map((row) => {
          const user = row.flagged_by === null ? undefined : users.get(row.flagged_by);
          return {
            user: row.by_bot ? null : authorOf(users, row.flagged_by),
            by_bot: row.by_bot,
            flagger_name: row.by_bot ? BOT_FLAGGER_NAME : (user?.username ?? `#${row.flagged_by}`),
            added_at: row.created_at.toISOString(),
            flag_type: flagTypeOf(row.reason),
            flag_type_description: FLAG_TYPE_DESCRIPTIONS[row.reason],
          };
        }),
      };
    },

    async status(stackId: number, type: ModeratedContributionType, id: number) {
      await existing(stackId, type, id);
      const row = await moderationOf(db, stackId, type, id);
      const motivation = row?.motivation ?? null;
      return {
        status: row?.status ?? 'open',
        flag_type: motivation ? flagTypeOf(motivation) : null,
        flag_type_description: motivation ? FLAG_TYPE_DESCRIPTIONS[motivation] : null,
      };
    },

    /**
     * SelfCommunity's actions on the console's state machine: `ignore`, `hide` and `delete` toggle
     * (doing one again restores the content); `scold_author` is the console's warning mail;
     * `scold_flagger` mails a member who flagged the content.
     */
    async act(
      community: { stackId: number; name: string },
      moderatorId: number,
      id: number,
      body: ModerateContributionBody & { contribution_type: ModeratedContributionType },
    ): Promise<void> {
      const { stackId } = community;
      const type = body.contribution_type;
      const found = await existing(stackId, type, id);
      const current = (await moderationOf(db, stackId, type, id))?.status ?? 'open';
      const motivation = motivationOf(body);
      const reasonText = motivation ? FLAG_TYPE_DESCRIPTIONS[motivation].toLowerCase() : null;
      switch (body.action) {
        case 'ignore':
          return consoleAct(stackId, moderatorId, type, id, {
            action: current === 'ignored' ? 'open' : 'ignore',
          });
        case 'hide':
        case 'delete': {
          const target = body.action === 'hide' ? 'hidden' : 'deleted';
          if (current === target) return consoleAct(stackId, moderatorId, type, id, { action: 'restore' });
          return consoleAct(stackId, moderatorId, type, id, { action: body.action, motivation });
        }
        case 'scold_author': {
          const message =
            body.message?.trim() ||
            `Hello, the moderators of ${community.name} kindly remind you to follow the community's rules` +
              (reasonText ? `: your content was reported as ${reasonText}.` : '.');
          return consoleAct(stackId, moderatorId, type, id, {
            action: 'warn',
            message,
            ...(motivation ? { motivation } : {}),
          });
        }
        case 'scold_flagger': {
          if (!body.user) {
            throw AppError.of(400, ErrorCode.required, 'Say which member flagged the content.', 'user');
          }
          if (!(await flags.hasFlagged(db, stackId, type, id, body.user))) {
            throw AppError.of(400, ErrorCode.invalid, 'This member did not flag this content.', 'user');
          }
          const email = await contactEmailOf(db, stackId, body.user);
          if (!email) throw AppError.of(400, ErrorCode.invalid, MODERATION_MESSAGES.warnError, 'user');
          const locale = await recipientLocale(db, stackId, [email]);
          // The moderator's own words, else the notice in the member's language.
          const message =
            body.message?.trim() ||
            (locale === 'it'
              ? `Ciao, i moderatori di ${community.name} hanno esaminato un contenuto che hai segnalato e ` +
                'hanno trovato che rispetta le regole della community. Segnala solo i contenuti che le violano.'
              : `Hello, the moderators of ${community.name} reviewed a content you reported and found ` +
                'that it follows the community rules. Please flag only contents that break them.');
          try {
            const mail = await renderEmail(db, stackId, 'report_notice', locale, {
              message,
              excerpt: summaryOf(found.text),
            });
            await deps.mailer.send(stackId, { to: [email], ...mail });
          } catch {
            throw AppError.of(502, ModerationErrorCode.warnFailed, MODERATION_MESSAGES.warnError);
          }
          return;
        }
      }
    },
  };
}
