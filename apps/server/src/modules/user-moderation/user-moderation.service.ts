import {
  BAN_DAYS_MAX,
  ErrorCode,
  USER_MODERATION_ERROR_CODES as CODES,
  USER_MODERATION_MESSAGES as MESSAGES,
  erasedUsername,
  isRowId,
  manualPointsError,
  type MemberModerationUser,
  type MemberScoreEntry,
  type ModeratedUser,
  type ModeratedUserPage,
  type ModeratedUserStanding,
  type UserModerationOrdering,
  type UserModerationStatus,
} from '@agora/contract';
import { AppError } from '../../platform/errors/app-error.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import type { JobContext } from '../../platform/jobs/job-queue.ts';
import { memberUsers } from '../member-people/member-user.repository.ts';
import { createScoringService } from '../scoring/scoring.service.ts';
import { lastManualScores } from '../scoring/scoring.repository.ts';
import { namesOf } from '../users/users.repository.ts';
import * as standing from '../users/member-standing-changes.repository.ts';
import * as repo from './user-moderation.repository.ts';
import { revokeMemberFamilies } from '../auth/token.repository.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';

const DAY_MS = 86_400_000;
/** The job that writes an ended ban back to active (reads already treat it as active). */
export const BAN_END_JOB = 'user-moderation.ban-end';

/** Who moderates: a staff member of the community (console or member API). */
export interface Moderator {
  userId: number;
  username: string;
  role: string | null;
}

/** A change, already parsed: `days` null = a ban forever. */
export interface StatusChange {
  status?: UserModerationStatus;
  days?: number | null;
  emailValidated?: boolean;
}

/**
 * A number of days for a ban: absent (or empty) means forever; otherwise a whole number between 1
 * and BAN_DAYS_MAX, given as a number or a numeric string.
 */
export function parseBanDays(value: unknown, field: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > BAN_DAYS_MAX) {
    throw AppError.of(400, ErrorCode.invalid, MESSAGES.invalidDays, field);
  }
  return n;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

function moderatedUserOf(row: repo.UserRow, showEmail: boolean): ModeratedUser {
  const banned = row.status === 'banned';
  return {
    id: row.id,
    username: row.username,
    email: showEmail ? row.email : null,
    email_validated: row.email_validated,
    role: row.role,
    status: row.status as ModeratedUserStanding,
    ban_start: banned ? iso(row.ban_start) : null,
    ban_until: banned ? iso(row.ban_until) : null,
    registered: row.created_at.toISOString(),
    last_visit: iso(row.last_login),
    deleted_at: iso(row.deleted_at),
    flags_received: Number(row.flags_received),
    flags_created: Number(row.flags_created),
    followers: Number(row.followers),
    followings: Number(row.followings),
    posts: Number(row.posts),
    discussions: Number(row.discussions),
    statuses: Number(row.statuses),
    polls: Number(row.polls),
    score: row.score,
  };
}

function orderOf(ordering: UserModerationOrdering): Pick<repo.ListFilter, 'orderBy' | 'descending'> {
  const descending = ordering.startsWith('-');
  return { orderBy: ordering.replace(/^-/, '') as repo.OrderKey, descending };
}

/** SelfCommunity's status letters to the standings they cover. */
const LETTER_STANDINGS: Record<'a' | 'b' | 'd' | 'u', readonly ModeratedUserStanding[]> = {
  a: ['active', 'pending', 'ignored'],
  b: ['banned'],
  d: ['deleted'],
  u: ['fully_deleted'],
};
const V2_ORDER: Record<string, repo.OrderKey> = {
  date_joined: 'registered',
  expire_at: 'ban_until',
  blocked_at: 'ban_start',
};

export interface MemberListQuery {
  search?: string;
  status?: 'a' | 'b' | 'd' | 'u';
  days_blocked?: 'days' | 'forever';
  order_by: string;
}

export function createUserModerationService(deps: PlatformDeps) {
  const { db, clock, jobs } = deps;
  const scoring = createScoringService(deps);

  async function found(stackId: number, userId: number) {
    const row = await repo.findUser(db, stackId, userId, clock.now());
    if (!row) throw AppError.notFound(MESSAGES.notFound);
    return row;
  }

  /** Each member's last manual score change, with the username of the staff member who made it. */
  async function lastScores(stackId: number, ids: number[]) {
    const rows = await lastManualScores(db, stackId, ids);
    const staffIds = [...new Set(rows.flatMap((r) => (r.by_staff_id === null ? [] : [r.by_staff_id])))];
    const staff = await namesOf(db, stackId, staffIds);
    return rows.map((r) => ({
      ...r,
      staff_username: r.by_staff_id === null ? null : (staff.get(r.by_staff_id)?.username ?? null),
    }));
  }

  async function v2Users(stackId: number, rows: repo.UserRow[], showEmail: boolean) {
    const ids = rows.map((r) => r.id);
    const now = clock.now();
    const [users, scores] = await Promise.all([memberUsers(db, stackId, ids, now), lastScores(stackId, ids)]);
    return rows.flatMap((row): MemberModerationUser[] => {
      const user = users.get(row.id);
      if (!user) return [];
      const banned = row.status === 'banned';
      const last = scores.find((s) => s.user_id === row.id);
      const days =
        banned && row.ban_until && row.ban_start
          ? Math.max(1, Math.round((row.ban_until.getTime() - row.ban_start.getTime()) / DAY_MS))
          : null;
      return [
        {
          ...user,
          ...(showEmail ? { email: row.email } : {}),
          email_isvalid: row.email_validated,
          deleted_at: iso(row.deleted_at),
          followers_counter: Number(row.followers),
          followings_counter: Number(row.followings),
          posts_counter: Number(row.posts),
          discussions_counter: Number(row.discussions),
          statuses_counter: Number(row.statuses),
          polls_counter: Number(row.polls),
          blocked_at: banned ? iso(row.ban_start) : null,
          days_blocked: days,
          expire_at: banned ? iso(row.ban_until) : null,
          last_seen: iso(row.last_login),
          flags_given: Number(row.flags_created),
          flags_received: Number(row.flags_received),
          last_score_variation: last
            ? [
                {
                  score: last.points,
                  comment: last.note,
                  reputed_at: new Date(last.at).toISOString(),
                  created_by:
                    last.by_staff_id !== null && last.staff_username !== null
                      ? { id: last.by_staff_id, username: last.staff_username }
                      : null,
                },
              ]
            : [],
        },
      ];
    });
  }

  /** The checks every change goes through; answers the target's stored row (locked). */
  async function guard(
    trx: typeof db,
    stackId: number,
    actor: Moderator,
    userId: number,
    change: StatusChange,
  ) {
    const target = await standing.lockStanding(trx, stackId, userId);
    if (!target) throw AppError.notFound(MESSAGES.notFound);
    if (target.status === 'fully_deleted') throw AppError.of(409, CODES.erased, MESSAGES.erased);
    if (target.id === actor.userId) throw AppError.of(403, CODES.self, MESSAGES.self);
    const harsh =
      change.status === 'banned' || change.status === 'deleted' || change.status === 'fully_deleted';
    if (harsh && target.role === 'admin' && actor.role !== 'admin') {
      throw AppError.of(403, CODES.adminProtected, MESSAGES.adminByModerator);
    }
    return target;
  }

  async function scheduleBanEnd(stackId: number, userId: number, until: Date) {
    await jobs.enqueue(
      BAN_END_JOB,
      { user_id: userId, until: until.toISOString() },
      { stackId, runAt: until, dedupeKey: `ban-end:${stackId}:${userId}:${until.toISOString()}` },
    );
  }

  return {
    async list(
      stackId: number,
      showEmail: boolean,
      q: {
        search?: string;
        status?: UserModerationStatus;
        ordering: UserModerationOrdering;
        limit: number;
        offset: number;
      },
    ): Promise<ModeratedUserPage> {
      const filter: repo.ListFilter = {
        stackId,
        now: clock.now(),
        search: q.search || undefined,
        searchEmail: showEmail,
        standings: q.status ? [q.status] : undefined,
        ...orderOf(q.ordering),
      };
      const [count, rows] = await Promise.all([
        repo.countUsers(db, filter),
        repo.listUsers(db, filter, q.limit, q.offset),
      ]);
      return { count, results: rows.map((r) => moderatedUserOf(r, showEmail)) };
    },

    async one(stackId: number, showEmail: boolean, userId: number): Promise<ModeratedUser> {
      return moderatedUserOf(await found(stackId, userId), showEmail);
    },

    /**
     * Changes a member's status and/or email validation. Banning writes (or replaces) the ban and
     * schedules its end; active clears a ban and undoes a soft deletion; deleted is a soft, reversible
     * deletion; fully_deleted erases the person (GDPR) for good. Banned and deleted members are signed
     * out everywhere.
     */
    async change(stackId: number, actor: Moderator, userId: number, change: StatusChange): Promise<void> {
      if (change.status === undefined && change.emailValidated === undefined) {
        throw AppError.of(400, ErrorCode.required, MESSAGES.nothingToChange, 'status');
      }
      if (change.days !== undefined && change.days !== null && change.status !== 'banned') {
        throw AppError.of(400, ErrorCode.invalid, MESSAGES.daysOnlyWithBan, 'days');
      }
      const now = clock.now();
      let banEnd: Date | null = null;
      await db.transaction().execute(async (trx) => {
        await guard(trx, stackId, actor, userId, change);
        if (change.emailValidated !== undefined) {
          await standing.setEmailValidated(trx, stackId, userId, change.emailValidated);
        }
        switch (change.status) {
          // `break`, never `return`: the webhook event below is recorded for every change.
          case undefined:
            break;
          case 'active':
            await repo.clearBan(trx, stackId, userId);
            await standing.setUserStatus(trx, stackId, userId, 'active', null);
            break;
          case 'banned': {
            banEnd = change.days ? new Date(now.getTime() + change.days * DAY_MS) : null;
            await repo.writeBan(trx, stackId, userId, now, banEnd);
            await standing.setUserStatus(trx, stackId, userId, 'banned', null);
            break;
          }
          case 'deleted':
            await repo.clearBan(trx, stackId, userId);
            await standing.setUserStatus(trx, stackId, userId, 'deleted', now);
            break;
          case 'fully_deleted': {
            let name = erasedUsername(userId);
            for (let n = 2; await standing.usernameTakenByOther(trx, stackId, name, userId); n += 1) {
              name = `${erasedUsername(userId)}-${n}`;
            }
            await repo.eraseUser(trx, stackId, userId, name, now);
            break;
          }
        }
        // Banned and deleted members are signed out everywhere; a validation or an unban keeps sessions.
        if (change.status !== undefined && change.status !== 'active') {
          await revokeMemberFamilies(trx, stackId, userId, now);
        }
        // Webhooks: a ban is `notification.blocked_user`, its end `unblocked_user`, a deletion `user.deleted`.
        const event =
          { banned: 'notification.blocked_user', active: 'notification.unblocked_user' }[
            change.status as 'banned' | 'active'
          ] ?? (change.status?.includes('deleted') ? 'user.deleted' : 'user.updated');
        const data = { id: userId, status: change.status ?? null, moderator: { id: actor.userId } };
        await recordEvent(trx, { stackId, type: event, data, at: now });
      });
      if (banEnd) await scheduleBanEnd(stackId, userId, banEnd);
    },

    /** Manual points through the scoring service (history and total stay consistent). */
    async addScore(stackId: number, actor: Moderator, userId: number, points: unknown, comment: unknown) {
      const target = await standing.storedStanding(db, stackId, userId);
      if (!target) throw AppError.notFound(MESSAGES.notFound);
      if (target.status === 'fully_deleted') throw AppError.of(409, CODES.erased, MESSAGES.erased);
      // Input errors come first (the scoring service words them); then nobody scores themselves.
      const wellFormed =
        manualPointsError(points) === null && typeof comment === 'string' && comment.trim() !== '';
      if (wellFormed && target.id === actor.userId) throw AppError.of(403, CODES.self, MESSAGES.self);
      return scoring.addManual(stackId, actor.userId, actor.username, { user_id: userId, points, comment });
    },

    /** The job: a ban that is due is written back to active (unless replaced or lifted since). */
    async endBan(job: JobContext): Promise<void> {
      const payload = job.payload as { user_id?: number; until?: string };
      if (job.stackId === null || typeof payload.user_id !== 'number' || !payload.until) return;
      await repo.endDueBan(db, job.stackId, payload.user_id, new Date(payload.until), clock.now());
    },

    // ---- Member API (SelfCommunity v2) ----

    async memberList(
      stackId: number,
      showEmail: boolean,
      q: MemberListQuery,
      limit: number | undefined,
      offset: number,
    ): Promise<{ count: number; results: MemberModerationUser[] }> {
      const descending = q.order_by.startsWith('-');
      const filter: repo.ListFilter = {
        stackId,
        now: clock.now(),
        search: q.search || undefined,
        searchEmail: showEmail,
        standings: q.status ? LETTER_STANDINGS[q.status] : undefined,
        ban: q.days_blocked,
        orderBy: V2_ORDER[q.order_by.replace(/^-/, '')] ?? 'registered',
        descending,
      };
      const [count, rows] = await Promise.all([
        repo.countUsers(db, filter),
        repo.listUsers(db, filter, limit, offset),
      ]);
      return { count, results: await v2Users(stackId, rows, showEmail) };
    },

    async memberOne(stackId: number, showEmail: boolean, userId: number): Promise<MemberModerationUser> {
      const [user] = await v2Users(stackId, [await found(stackId, userId)], showEmail);
      if (!user) throw AppError.notFound(MESSAGES.notFound);
      return user;
    },

    /** `POST /score/`: the target by id (`user` or `user_id`) or by username. */
    async memberScore(
      stackId: number,
      actor: Moderator,
      body: {
        user?: unknown;
        user_id?: unknown;
        username?: unknown;
        score?: unknown;
        comment?: unknown;
        reputation_context?: unknown;
      },
    ): Promise<MemberScoreEntry> {
      const idValue = body.user ?? body.user_id;
      let userId: number | undefined;
      if (idValue !== undefined && idValue !== null && idValue !== '') {
        const n = typeof idValue === 'string' && /^\d+$/.test(idValue) ? Number(idValue) : idValue;
        if (!isRowId(n)) {
          throw AppError.of(400, ErrorCode.invalid, 'Enter a valid user id.', 'user_id');
        }
        userId = n;
      } else if (typeof body.username === 'string' && body.username.trim()) {
        userId = await standing.userIdByUsername(db, stackId, body.username.trim());
        if (userId === undefined) throw AppError.notFound(MESSAGES.notFound);
      } else {
        throw AppError.of(400, ErrorCode.required, 'A user is required.', 'user_id');
      }
      const points =
        typeof body.score === 'string' && /^\s*-?\d+\s*$/.test(body.score) ? Number(body.score) : body.score;
      const context = typeof body.reputation_context === 'string' ? body.reputation_context.trim() : '';
      const comment = typeof body.comment === 'string' && body.comment.trim() ? body.comment : context;
      const { entry, score } = await this.addScore(stackId, actor, userId, points, comment);
      const user = (await memberUsers(db, stackId, [userId], clock.now())).get(userId);
      return {
        id: entry.id,
        user: {
          id: userId,
          username: user?.username ?? '',
          real_name: user?.real_name ?? '',
          avatar: null,
          reputation: score,
        },
        score: entry.points,
        reputation_type: 10,
        reputation_type_description: 'assigned_by_moderator',
        comment: typeof body.comment === 'string' ? body.comment.trim() : '',
        reputation_context: context || null,
        created_by: { id: actor.userId, username: actor.username, avatar: null },
        reputed_at: entry.at,
      };
    },
  };
}

export type UserModerationService = ReturnType<typeof createUserModerationService>;
