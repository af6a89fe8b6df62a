import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  MEMBER_NOTIFICATION_PREFIX,
  NOTIFICATION_MESSAGES as M,
  type CustomNotificationBody,
  type EmailLocale,
  type MemberNotification,
  type MemberNotificationGroup,
  type MemberSettings,
  type MemberSettingsPatch,
  type MemberUserObject,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import type { Db } from '../../platform/db/database.ts';
import type { JobContext, JobQueue } from '../../platform/jobs/job-queue.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { MemberCaller } from '../../platform/member-scope/member-scope.ts';
import {
  recordEvent,
  recordEvents,
  type EventWriter,
  type NewEvent,
} from '../../platform/events/event-outbox.ts';
import { createMemberContentService } from '../member-content/member-content.service.ts';
import type { BotDeps } from '../moderation/moderation.service.ts';
import { presentUsers } from '../member-people/member-people.service.ts';
import { connectionRows } from '../member-people/relation-rows.repository.ts';
import { memberRow } from '../users/member-identity.repository.ts';
import { contactEmailOf } from '../users/contact-emails.repository.ts';
import { findStack } from '../stacks/stack-row.repository.ts';
import { internalUrl } from '../stacks/stacks.service.ts';
import { readSecret, writeSecret } from '../dynamic-preferences/dynamic-preferences.repository.ts';
import { recipientLocale, renderEmail } from '../email-manager/email-manager.service.ts';
import * as repo from './notifications.repository.ts';

/** The job that writes one notification's email, queued in the transaction of its cause. */
export const NOTIFICATION_EMAIL_JOB = 'notifications.email';

type FeedType = 'post' | 'discussion' | 'status';
const FEED_TYPES: readonly FeedType[] = ['post', 'discussion', 'status'];

/** What a notification is about, read off its cause's `notification.*` event (ADR 0034's derivation). */
interface Derived {
  type: string;
  userId: number;
  actorId: number | null;
  contributionType: FeedType | null;
  contributionId: number | null;
  commentId: number | null;
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const idOf = (v: unknown): number | null => num(record(v).id);

/**
 * The member notification an event stands for, or null: every `notification.*` event names its
 * recipient (`user`, or `id` for blocked and unblocked members) and its cause; broadcast banners
 * (`notification.banner.sent`) are their own list. Nobody is notified of their own action.
 */
export function notificationOfEvent(event: NewEvent): Derived | null {
  if (!event.type.startsWith(MEMBER_NOTIFICATION_PREFIX)) return null;
  const type = event.type.slice(MEMBER_NOTIFICATION_PREFIX.length);
  if (type.startsWith('banner.')) return null;
  const data = record(event.data);
  const blocking = type === 'blocked_user' || type === 'unblocked_user';
  const userId = blocking ? num(data.id) : idOf(data.user);
  if (userId === null) return null;
  const comment = record(data.comment);
  const vote = record(data.vote);
  const actorId =
    idOf(comment.author) ??
    idOf(vote.user) ??
    idOf(data.follower) ??
    idOf(data.request_user) ??
    idOf(data.accept_user) ??
    idOf(data.moderator) ??
    idOf(data.sender);
  if (actorId === userId) return null;
  let contributionType: FeedType | null = null;
  let contributionId: number | null = null;
  let commentId: number | null = null;
  if (data.comment !== undefined) {
    commentId = num(comment.id);
    contributionType = FEED_TYPES.find((t) => num(comment[t]) !== null) ?? null;
    contributionId = contributionType ? num(comment[contributionType]) : null;
  } else if (data.vote !== undefined) {
    commentId = num(vote.comment);
    contributionId = num(vote.contribution);
  } else if (typeof data.contribution_type === 'string') {
    const kind = data.contribution_type;
    if (kind === 'comment') commentId = num(data.id);
    else if ((FEED_TYPES as readonly string[]).includes(kind)) {
      contributionType = kind as FeedType;
      contributionId = num(data.id);
    }
  }
  return { type, userId, actorId, contributionType, contributionId, commentId };
}

/**
 * The event writer (set by the composition root): a member's notification row for each of their
 * `notification.*` events, in the transaction of the action, and its email job when their settings
 * ask for emails. `jobs` is only used with the transaction given (`within`).
 */
export function notificationWriter(jobs: Pick<JobQueue, 'enqueue'>): EventWriter {
  return async (db: Db, event: NewEvent) => {
    const n = notificationOfEvent(event);
    if (!n) return;
    const { stackId } = event;
    if (n.commentId !== null && n.contributionId === null) {
      const of = await repo.contributionOfComment(db, stackId, n.commentId);
      if (of) [n.contributionId, n.contributionType] = [of.id, of.type];
    } else if (n.contributionId !== null && n.contributionType === null) {
      n.contributionType = await repo.feedTypeOf(db, stackId, n.contributionId);
    }
    const id = await repo.insertNotification(db, { stackId, ...n, data: event.data, at: event.at });
    const settings = await repo.settingsOf(db, stackId, n.userId);
    if (settings.email_notification_not_qa !== 0) {
      await jobs.enqueue(NOTIFICATION_EMAIL_JOB, { id }, { stackId, runAt: event.at, within: db });
    }
  };
}

/** One line saying what happened, in the email's language (`{actor}`: who did it). */
const SUMMARIES: Record<EmailLocale, Record<string, string>> = {
  en: {
    comment: '{actor} commented on your contribution',
    nested_comment: '{actor} replied to your comment',
    mention: '{actor} mentioned you',
    vote_up: '{actor} likes your contribution',
    user_follow: '{actor} started following you',
    connection_request: '{actor} asked to connect with you',
    connection_accept: '{actor} accepted your connection request',
    private_message: '{actor} sent you a private message',
    deleted_for: 'A moderator removed your contribution',
    collapsed_for: 'A moderator hid your contribution',
    undeleted_for: 'A moderator restored your contribution',
    kindly_notice: 'A moderator sent you a notice about your contribution',
    blocked_user: 'Your account has been blocked',
    unblocked_user: 'Your account is active again',
    other: 'You have a new notification',
  },
  it: {
    comment: '{actor} ha commentato un tuo contenuto',
    nested_comment: '{actor} ha risposto al tuo commento',
    mention: '{actor} ti ha menzionato',
    vote_up: 'A {actor} piace un tuo contenuto',
    user_follow: '{actor} ha iniziato a seguirti',
    connection_request: '{actor} ti ha chiesto di collegarvi',
    connection_accept: '{actor} ha accettato la tua richiesta di collegamento',
    private_message: '{actor} ti ha inviato un messaggio privato',
    deleted_for: 'Un moderatore ha rimosso un tuo contenuto',
    collapsed_for: 'Un moderatore ha nascosto un tuo contenuto',
    undeleted_for: 'Un moderatore ha ripristinato un tuo contenuto',
    kindly_notice: 'Un moderatore ti ha inviato un avviso su un tuo contenuto',
    blocked_user: 'Il tuo account è stato bloccato',
    unblocked_user: 'Il tuo account è di nuovo attivo',
    other: 'Hai una nuova notifica',
  },
};

function summaryOf(locale: EmailLocale, type: string, actor: string, title: string | undefined): string {
  if (type === 'custom_notification' && title) return title;
  const key = type.replace(/_(advertising|aggressive|vulgar|poor|offtopic)$/, '');
  const words = SUMMARIES[locale];
  return (words[key] ?? words.other!).replace('{actor}', actor);
}

/** Whether a notification has the objects its type is shown with. */
function complete(item: MemberNotification, thread: unknown): boolean {
  const type = item.type;
  const content = item.post ?? item.discussion ?? item.status ?? item.comment;
  if (['comment', 'nested_comment', 'mention', 'vote_up'].includes(type) && (!thread || !content))
    return false;
  if (/^(deleted_for|collapsed_for|undeleted_for|kindly_notice)/.test(type) && !content) return false;
  if (type === 'vote_up' && !item.user) return false;
  if (type === 'user_follow' && !item.follower) return false;
  if (type === 'connection_request' && !item.request_user) return false;
  if (type === 'connection_accept' && !item.accept_user) return false;
  return true;
}

const UNSUBSCRIBE_KEY = 'notification_unsubscribe_key';

export type NotificationsDeps = PlatformDeps & Pick<BotDeps, 'classifier'>;

export function createNotificationsService(deps: NotificationsDeps) {
  const { db, clock, config, secretBox, mailer } = deps;
  const content = createMemberContentService(deps);

  async function signingKey(stackId: number): Promise<Buffer> {
    let sealed = await readSecret(db, stackId, UNSUBSCRIBE_KEY);
    if (!sealed) {
      const fresh = secretBox.seal(randomBytes(32).toString('base64url'));
      await writeSecret(db, stackId, UNSUBSCRIBE_KEY, fresh, clock.now(), 'keepExisting');
      sealed = (await readSecret(db, stackId, UNSUBSCRIBE_KEY)) as string;
    }
    return Buffer.from(secretBox.open(sealed), 'utf8');
  }

  async function macOf(stackId: number, userId: number): Promise<string> {
    return createHmac('sha256', await signingKey(stackId))
      .update(`notification-unsubscribe:${stackId}:${userId}`)
      .digest('base64url');
  }

  /** The member a one-click unsubscribe token stands for in this community (400 when forged). */
  async function memberOfToken(stackId: number, token: string): Promise<number> {
    const bad = () => AppError.of(400, ErrorCode.invalid, M.badUnsubscribeToken, 'token');
    const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) throw bad();
    const userId = Number(match[1]);
    const expected = Buffer.from(await macOf(stackId, userId));
    const given = Buffer.from(match[2] as string);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw bad();
    if (!(await memberRow(db, stackId, userId))) throw bad();
    return userId;
  }

  /** The contents and users a page of notifications shows, each read once, as the member may see them. */
  async function present(stackId: number, caller: MemberCaller, rows: repo.NotificationRow[]) {
    const actorIds = [...new Set(rows.map((r) => r.actor_id).filter((id): id is number => id !== null))];
    const users = new Map<number, MemberUserObject>(
      (await presentUsers(deps, stackId, actorIds, caller)).map((u) => [u.id, u]),
    );
    const comments = new Map<number, Promise<MemberNotification['comment']>>();
    const contributions = new Map<string, Promise<MemberNotification['post']>>();
    const commentOf = (id: number) => {
      if (!comments.has(id))
        comments.set(
          id,
          content.notifiedComment(stackId, caller, id).catch(() => undefined),
        );
      return comments.get(id)!;
    };
    const contributionOf = (type: FeedType, id: number) => {
      const key = `${type}:${id}`;
      if (!contributions.has(key))
        contributions.set(
          key,
          content.notifiedContribution(stackId, caller, type, id).catch(() => undefined),
        );
      return contributions.get(key)!;
    };
    const groups: MemberNotificationGroup[] = [];
    for (const row of rows) {
      const actor = row.actor_id === null ? undefined : users.get(row.actor_id);
      const data = record(row.data);
      const item: MemberNotification = {
        sid: String(row.id),
        is_new: row.seen_at === null,
        type: row.type,
        active_at: row.created_at.toISOString(),
      };
      const thread =
        row.contribution_type && row.contribution_id !== null
          ? await contributionOf(row.contribution_type, row.contribution_id)
          : undefined;
      if (row.comment_id !== null) {
        const comment = await commentOf(row.comment_id);
        if (comment) item.comment = comment;
      } else if (thread && row.contribution_type) item[row.contribution_type] = thread;
      if (row.type === 'user_follow' && actor) item.follower = actor;
      else if (row.type === 'connection_request' && actor) item.request_user = actor;
      else if (row.type === 'connection_accept' && actor) item.accept_user = actor;
      else if (['vote_up', 'custom_notification', 'private_message'].includes(row.type) && actor)
        item.user = actor;
      if (row.type === 'blocked_user') {
        item.blocked_settings = {
          blocked_at: row.created_at.toISOString(),
          days_blocked: num(data.days_blocked),
          expire_at: typeof data.expire_at === 'string' ? data.expire_at : null,
        };
      }
      if (row.type === 'custom_notification') {
        const custom = record(data.custom_notification);
        item.custom_notification = {
          id: row.id,
          type: typeof custom.type === 'string' ? custom.type : 'custom',
          ...(typeof custom.title === 'string' ? { title: custom.title } : {}),
          ...(typeof custom.description === 'string' ? { description: custom.description } : {}),
          ...(custom.embed && typeof custom.embed === 'object'
            ? { embed: custom.embed as Record<string, unknown> }
            : {}),
        };
      }
      // A notification whose content or person can no longer be shown is left out: clients render
      // each type from these objects (SelfCommunity's react-ui reads them without checking).
      if (!complete(item, thread)) continue;
      groups.push({
        sid: String(row.id),
        is_new: item.is_new,
        ...(thread && row.contribution_type ? { [row.contribution_type]: thread } : {}),
        aggregated: [item],
      });
    }
    return groups;
  }

  /** The member reads and changes only their own settings: anyone else's are not found (404). */
  function ownSettings(caller: MemberCaller, id: number): void {
    if (id !== caller.userId) throw AppError.notFound(M.settingsOfOthers);
  }

  /** The one-click unsubscribe address of a member (RFC 8058), signed for this community. */
  async function unsubscribeUrlOf(stackId: number, slug: string, userId: number): Promise<string> {
    const token = `${userId}.${await macOf(stackId, userId)}`;
    return `${internalUrl(config.publicUrl, slug)}/api/v2/notification/unsubscribe/${token}/`;
  }

  return {
    /** The member's notifications, newest first, one group per notification (SelfCommunity's shape). */
    async page(stackId: number, caller: MemberCaller, limit: number, offset: number) {
      const { count, rows } = await repo.pageOfNotifications(db, stackId, caller.userId, limit, offset);
      return { count, results: await present(stackId, caller, rows) };
    },

    /** Marks the member's notifications seen: those of `sids`, or all when none are given. */
    async markRead(stackId: number, userId: number, sids: readonly string[] | undefined) {
      const ids =
        sids === undefined
          ? null
          : sids
              .filter((s) => /^[1-9][0-9]{0,9}$/.test(s))
              .map(Number)
              .filter((n) => n <= 2_147_483_647);
      await repo.markNotificationsSeen(db, stackId, userId, ids, clock.now());
    },

    unseenCount: (stackId: number, userId: number) => repo.unseenNotificationsCount(db, stackId, userId),

    async settings(stackId: number, caller: MemberCaller, id: number): Promise<MemberSettings> {
      ownSettings(caller, id);
      return repo.settingsOf(db, stackId, id);
    },

    /** Changes the member's own settings; `user.settings_updated` tells the webhooks. */
    async updateSettings(stackId: number, caller: MemberCaller, id: number, patch: MemberSettingsPatch) {
      ownSettings(caller, id);
      return db.transaction().execute(async (trx) => {
        const settings = { ...(await repo.settingsOf(trx, stackId, id)), ...patch };
        const at = clock.now();
        await repo.saveSettings(trx, stackId, id, settings, at);
        await recordEvent(trx, { stackId, type: 'user.settings_updated', data: { id, ...settings }, at });
        return settings;
      });
    },

    /**
     * SelfCommunity's custom notification (admin): to the member, or to each of their connections.
     * Each becomes a `notification.custom_notification` event, and so a notification.
     */
    async notify(stackId: number, caller: MemberCaller, body: CustomNotificationBody): Promise<void> {
      const target = await memberRow(db, stackId, body.user);
      if (!target || target.status === 'fully_deleted') throw AppError.notFound(M.recipientNotFound);
      let recipients = [body.user];
      if (body.recipients_type === 'connections') {
        const rows = await db
          .selectFrom(connectionRows(db).as('c'))
          .select(['c.user_a', 'c.user_b'])
          .where('c.stack_id', '=', stackId)
          .where((eb) => eb.or([eb('c.user_a', '=', body.user), eb('c.user_b', '=', body.user)]))
          .execute();
        recipients = rows.map((r) => (r.user_a === body.user ? r.user_b : r.user_a));
      }
      const custom = {
        type: body.type,
        ...(body.title ? { title: body.title } : {}),
        ...(body.description ? { description: body.description } : {}),
        ...(body.embed ? { embed: body.embed } : {}),
      };
      const at = clock.now();
      const events = recipients
        .filter((id) => id !== caller.userId)
        .map((id) => ({
          stackId,
          type: 'notification.custom_notification',
          data: { user: { id }, sender: { id: caller.userId }, custom_notification: custom },
          at,
        }));
      await db.transaction().execute((trx) => recordEvents(trx, events));
    },

    unsubscribeUrlOf,

    /** Checks a token (400 when forged) and answers its member. */
    memberOfToken,

    /** The one-click unsubscribe: the token's member gets no more notification emails. */
    async unsubscribe(stackId: number, token: string): Promise<void> {
      const userId = await memberOfToken(stackId, token);
      await repo.turnEmailsOff(db, stackId, userId, clock.now());
    },

    /** The email job: one notification's email, when the member still wants them and has an address. */
    async sendEmail(job: JobContext): Promise<void> {
      const stackId = job.stackId;
      const id = num(record(job.payload).id);
      if (stackId === null || id === null) return;
      const row = await repo.findNotification(db, stackId, id);
      if (!row) return;
      if ((await repo.settingsOf(db, stackId, row.user_id)).email_notification_not_qa === 0) return;
      const member = await memberRow(db, stackId, row.user_id);
      if (!member || member.status === 'deleted' || member.status === 'fully_deleted') return;
      const email = await contactEmailOf(db, stackId, row.user_id);
      const stack = await findStack(db, stackId);
      if (!email || !stack) return;
      const actor = row.actor_id === null ? undefined : await memberRow(db, stackId, row.actor_id);
      const locale = await recipientLocale(db, stackId, [email]);
      const title = record(record(row.data).custom_notification).title;
      const unsubscribe = await unsubscribeUrlOf(stackId, stack.slug, row.user_id);
      const mail = await renderEmail(db, stackId, 'member_notification', locale, {
        username: member.username,
        summary: summaryOf(
          locale,
          row.type,
          actor?.username ?? '',
          typeof title === 'string' ? title : undefined,
        ),
        community_url: `${internalUrl(config.publicUrl, stack.slug)}/`,
        unsubscribe_url: unsubscribe,
      });
      await mailer.send(stackId, {
        to: [email],
        ...mail,
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
