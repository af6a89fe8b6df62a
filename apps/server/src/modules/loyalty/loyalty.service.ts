import {
  ErrorCode,
  LOYALTY_ACTIONS,
  LOYALTY_MESSAGES as M,
  LOYALTY_POINTS_MAX,
  LoyaltyErrorCode,
  MEMBER_REQUEST_STATUS,
  PRIZE_DESCRIPTION_MAX,
  PRIZE_LINK_MAX,
  PRIZE_POINTS_MAX,
  PRIZE_TITLE_MAX,
  loyaltyActionSchema,
  type LoyaltyAction,
  type LoyaltyConfig,
  type LoyaltyConfigBody,
  type MemberPrize,
  type MemberPrizeRequest,
  type Prize,
  type PrizeRequest,
  type PrizeRequestStatus,
  type PrizeWriteBody,
  type ScoreAction,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError, errorEntry, type AppErrorEntry } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { createFileStorage } from '../../platform/storage/storage-choice.ts';
import { hasFeature, requireFeature } from '../features/features.service.ts';
import { findStackBySlug } from '../stacks/stack-row.repository.ts';
import { namesOf } from '../users/users.repository.ts';
import * as repo from './loyalty.repository.ts';
import { readPrizeImage, storePrizeImage } from './prize-images.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';

/** Which loyalty action each scoring event is (ADR 0026); the staff penalty earns nothing here. */
const ACTION_OF_EVENT: Partial<Record<ScoreAction, LoyaltyAction>> = {
  publish_article: 'article',
  publish_post: 'post',
  publish_comment: 'comment',
  publish_reply: 'comment',
  like_article_received: 'vote',
  like_post_received: 'vote',
  like_comment_received: 'vote',
  like_reply_received: 'vote',
  connection: 'connection',
  new_follower: 'follower',
  app_used: 'app',
  daily_visit: 'visits',
};

function configOf(stored: Record<string, number>): LoyaltyConfig {
  const points = Object.fromEntries(
    LOYALTY_ACTIONS.map((a) => [a, stored[a] ?? 0]),
  ) as LoyaltyConfig['points'];
  return { points };
}

/**
 * Gives a member the loyalty points of an activity event (the events scoring awards on: publishing,
 * likes received, connections, followers, app use, visits), while the `loyalty` flag is on. Its own
 * ledger and balance (ADR 0026): no daily cap, points are a currency members spend on prizes.
 */
export async function awardLoyaltyPoints(
  deps: Pick<PlatformDeps, 'db'>,
  stackId: number,
  userId: number,
  event: ScoreAction,
  at: Date,
): Promise<number> {
  const action = ACTION_OF_EVENT[event];
  if (!action || !(await hasFeature(deps.db, stackId, 'loyalty'))) return 0;
  const points = configOf(await repo.readConfigPoints(deps.db, stackId)).points[action];
  if (points <= 0) return 0;
  await deps.db.transaction().execute((trx) => repo.credit(trx, { stackId, userId, points, action, at }));
  return points;
}

/**
 * Gives a member the `social_share` points for sharing a content (member-content's `POST /media/`
 * share), once per member and content however often they share it, while the `loyalty` flag is on.
 * Answers the points credited (0 when nothing was).
 */
export async function awardLoyaltyShare(
  deps: Pick<PlatformDeps, 'db'>,
  stackId: number,
  userId: number,
  contributionId: number,
  at: Date,
): Promise<number> {
  if (!(await hasFeature(deps.db, stackId, 'loyalty'))) return 0;
  const points = configOf(await repo.readConfigPoints(deps.db, stackId)).points.social_share;
  if (points <= 0) return 0;
  const subject = `contribution:${contributionId}`;
  const credited = await deps.db
    .transaction()
    .execute((trx) => repo.creditOnce(trx, { stackId, userId, points, action: 'social_share', at, subject }));
  return credited ? points : 0;
}

type Staff = { userId: number; username: string };
type Stack = { stackId: number; slug: string };
type RequestRow = NonNullable<Awaited<ReturnType<typeof repo.findRequest>>>;

function prizeOf(row: repo.PrizeRow): Prize {
  return {
    id: row.id,
    title: row.title,
    points: row.points,
    link: row.link,
    description: row.description,
    image: row.image,
    active: row.active,
    created_at: row.created_at.toISOString(),
    created_by:
      row.created_by === null ? null : { id: row.created_by, username: row.created_by_username ?? '' },
  };
}

function memberPrizeOf(row: repo.PrizeRow): MemberPrize {
  return { ...prizeOf(row), lastmod_datetime: row.updated_at.toISOString() };
}

function linkOk(link: string): boolean {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function createLoyaltyService(deps: PlatformDeps & { storage?: FileStorage }) {
  const { db, clock, config } = deps;
  const storage = deps.storage ?? createFileStorage(config);

  async function prize(stackId: number, id: number): Promise<repo.PrizeRow> {
    const row = await repo.findPrize(db, stackId, id);
    if (!row) throw AppError.notFound(M.prizeNotFound);
    return row;
  }

  async function presentRequests(stackId: number, rows: RequestRow[]): Promise<PrizeRequest[]> {
    const userIds = [...new Set(rows.flatMap((r) => [r.user_id, ...(r.decided_by ? [r.decided_by] : [])]))];
    const names = await namesOf(db, stackId, userIds);
    const prizes = new Map<number, repo.PrizeRow>();
    for (const id of new Set(rows.map((r) => r.prize_id))) {
      const row = await repo.findPrize(db, stackId, id);
      if (row) prizes.set(id, row);
    }
    return rows.map((r) => ({
      id: r.id,
      user: { id: r.user_id, username: names.get(r.user_id)?.username ?? `#${r.user_id}` },
      prize: { id: r.prize_id, title: prizes.get(r.prize_id)?.title ?? '' },
      prize_points: r.prize_points,
      created_at: new Date(r.created_at).toISOString(),
      status: r.status as PrizeRequestStatus,
      decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
      decided_by: r.decided_by === null ? null : { id: r.decided_by, username: r.decided_by_username ?? '' },
    }));
  }

  async function memberRequestOf(stackId: number, r: RequestRow): Promise<MemberPrizeRequest> {
    const status = r.status as PrizeRequestStatus;
    return {
      id: r.id,
      user: r.user_id,
      prize: memberPrizeOf(await prize(stackId, r.prize_id)),
      prize_points: r.prize_points,
      pending_at: new Date(r.created_at).toISOString(),
      status: MEMBER_REQUEST_STATUS[status],
      status_description: status === 'accepted' ? 'sent' : status,
    };
  }

  /** Every problem of a prize at once, on its field; the image is checked by its own pipeline last. */
  async function checkedPrize(
    stack: Stack,
    body: PrizeWriteBody,
    current?: repo.PrizeRow,
  ): Promise<repo.PrizeValues> {
    const errors: AppErrorEntry[] = [];
    const title = (body.title ?? current?.title ?? '').trim();
    if (!title || title.length > PRIZE_TITLE_MAX)
      errors.push(errorEntry(ErrorCode.invalid, M.title, 'title'));
    const rawPoints = body.points ?? current?.points;
    const points =
      typeof rawPoints === 'string' && /^\d+$/.test(rawPoints.trim()) ? Number(rawPoints) : rawPoints;
    if (typeof points !== 'number' || !Number.isInteger(points) || points < 1 || points > PRIZE_POINTS_MAX) {
      errors.push(errorEntry(ErrorCode.invalid, M.prizePoints, 'points'));
    }
    const description = (body.description ?? current?.description ?? '').trim();
    if (!description || description.length > PRIZE_DESCRIPTION_MAX) {
      errors.push(errorEntry(ErrorCode.invalid, M.description, 'description'));
    }
    const link = (body.link ?? current?.link ?? '').trim();
    if (!link || link.length > PRIZE_LINK_MAX || !linkOk(link)) {
      errors.push(errorEntry(ErrorCode.invalid, M.link, 'link'));
    }
    const hasUpload = Buffer.isBuffer(body.image) && body.image.length > 0;
    if (!hasUpload && !current) errors.push(errorEntry(ErrorCode.required, M.imageRequired, 'image'));
    if (errors.length > 0) throw new AppError(400, errors);
    const image = hasUpload ? await storePrizeImage({ config, storage }, stack, body.image) : current!.image;
    return {
      title,
      points: points as number,
      link,
      description,
      image,
      active: body.active ?? current?.active ?? true,
    };
  }

  return {
    async config(stackId: number): Promise<LoyaltyConfig> {
      return configOf(await repo.readConfigPoints(db, stackId));
    },

    async updateConfig(stackId: number, body: LoyaltyConfigBody): Promise<LoyaltyConfig> {
      const next = configOf(await repo.readConfigPoints(db, stackId));
      const errors: AppErrorEntry[] = [];
      for (const [key, value] of Object.entries(body.points)) {
        const action = loyaltyActionSchema.safeParse(key);
        if (!action.success) {
          errors.push(errorEntry(ErrorCode.invalid, `Unknown action: ${key}.`, `points.${key}`));
        } else if (
          typeof value !== 'number' ||
          !Number.isInteger(value) ||
          value < 0 ||
          value > LOYALTY_POINTS_MAX
        ) {
          errors.push(errorEntry(ErrorCode.invalid, M.points, `points.${key}`));
        } else next.points[action.data] = value;
      }
      if (errors.length > 0) throw new AppError(400, errors);
      await repo.writeConfigPoints(db, stackId, next.points, clock.now());
      return next;
    },

    async prizes(stackId: number, limit: number, offset: number) {
      const page = await repo.prizePage(db, stackId, {}, limit, offset);
      return { count: page.count, results: page.rows.map(prizeOf) };
    },

    async addPrize(stack: Stack, by: Staff, body: PrizeWriteBody): Promise<Prize> {
      const values = await checkedPrize(stack, body);
      const at = clock.now();
      const id = await db.transaction().execute(async (trx) => {
        const created = await repo.insertPrize(trx, stack.stackId, values, by, at);
        const data = prizeOf((await repo.findPrize(trx, stack.stackId, created)) as repo.PrizeRow);
        await recordEvent(trx, { stackId: stack.stackId, type: 'loyalty.prize.created', data, at });
        return created;
      });
      return prizeOf(await prize(stack.stackId, id));
    },

    async updatePrize(stack: Stack, id: number, body: PrizeWriteBody): Promise<Prize> {
      const current = await prize(stack.stackId, id);
      const values = await checkedPrize(stack, body, current);
      const at = clock.now();
      await db.transaction().execute(async (trx) => {
        await repo.updatePrize(trx, stack.stackId, id, values, at);
        const data = prizeOf((await repo.findPrize(trx, stack.stackId, id)) as repo.PrizeRow);
        await recordEvent(trx, { stackId: stack.stackId, type: 'loyalty.prize.updated', data, at });
      });
      return prizeOf(await prize(stack.stackId, id));
    },

    async requests(stackId: number, q: { status?: PrizeRequestStatus; limit: number; offset: number }) {
      const page = await repo.requestPage(db, stackId, { status: q.status }, q.limit, q.offset);
      return { count: page.count, results: await presentRequests(stackId, page.rows) };
    },

    /**
     * Accepts or refuses a pending request. Only a pending one moves (one conditional update), so a
     * refusal gives the points back exactly once even when two staff decide at the same moment.
     */
    async decide(
      stackId: number,
      by: Staff,
      id: number,
      status: 'accepted' | 'refused',
    ): Promise<PrizeRequest> {
      const existing = await repo.findRequest(db, stackId, id);
      if (!existing) throw AppError.notFound(M.requestNotFound);
      const at = clock.now();
      const moved = await db.transaction().execute(async (trx) => {
        const row = await repo.decide(trx, stackId, id, status, by, at);
        const event = row && { id, status, user: { id: row.user_id }, points: row.prize_points };
        if (event)
          await recordEvent(trx, { stackId, type: 'loyalty.prize_request.updated', data: event, at });
        if (row && status === 'refused') {
          await repo.credit(trx, {
            stackId,
            userId: row.user_id,
            points: row.prize_points,
            action: repo.REFUND_ACTION,
            at,
            requestId: row.id,
          });
        }
        return row !== undefined;
      });
      if (!moved) throw AppError.of(409, LoyaltyErrorCode.requestDecided, M.requestDecided);
      const after = await repo.findRequest(db, stackId, id);
      return (await presentRequests(stackId, [after as RequestRow]))[0] as PrizeRequest;
    },

    /** The chosen requests as CSV (at least one). */
    async exportCsv(stackId: number, ids: number[]): Promise<string> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) throw AppError.of(400, ErrorCode.required, M.exportEmpty, 'ids');
      const page = await repo.requestPage(db, stackId, { ids: unique }, undefined, 0);
      const rows = await presentRequests(stackId, page.rows);
      const lines = [['id', 'user', 'date', 'prize', 'points', 'status']];
      for (const r of rows) {
        lines.push([
          String(r.id),
          r.user.username,
          r.created_at,
          r.prize.title,
          String(r.prize_points),
          r.status,
        ]);
      }
      return `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
    },

    async image(slug: string, hash: string, file: string) {
      const stack = await findStackBySlug(db, slug);
      return stack ? readPrizeImage(storage, stack.id, hash, file) : undefined;
    },

    // ——— member API ———

    async memberPoints(stackId: number, userId: number): Promise<{ points: number }> {
      await requireFeature(db, stackId, 'loyalty');
      return { points: await repo.balance(db, stackId, userId) };
    },

    async memberPrizes(
      stackId: number,
      staff: boolean,
      q: { active?: boolean; search?: string },
      limit: number | undefined,
      offset: number,
    ) {
      await requireFeature(db, stackId, 'loyalty');
      // Members see active prizes only; staff may ask for inactive ones too (SelfCommunity's `active`).
      const active = staff ? q.active : true;
      const page = await repo.prizePage(db, stackId, { active, search: q.search }, limit, offset);
      return { count: page.count, results: page.rows.map(memberPrizeOf) };
    },

    async memberPrize(stackId: number, id: number, staff: boolean): Promise<MemberPrize> {
      await requireFeature(db, stackId, 'loyalty');
      const row = await prize(stackId, id);
      if (!row.active && !staff) throw AppError.notFound(M.prizeNotFound);
      return memberPrizeOf(row);
    },

    /**
     * A member asks for a prize they can afford: the points are taken by one conditional update of
     * their balance row inside the request's transaction, so two requests racing for the same points
     * cannot both succeed (ADR 0026).
     */
    async memberRequest(stackId: number, userId: number, prizeId: number): Promise<MemberPrizeRequest> {
      await requireFeature(db, stackId, 'loyalty');
      const row = await repo.findPrize(db, stackId, prizeId);
      if (!row || !row.active) throw AppError.of(400, ErrorCode.invalid, M.prizeUnavailable, 'prize');
      const at = clock.now();
      const id = await db.transaction().execute(async (trx) => {
        if (!(await repo.debitIfCovered(trx, stackId, userId, row.points, at))) {
          throw AppError.of(400, LoyaltyErrorCode.notEnoughPoints, M.notEnoughPoints, 'prize');
        }
        const requestId = await repo.insertRequest(trx, stackId, { userId, prizeId, points: row.points, at });
        const event = { id: requestId, user: { id: userId }, prize: prizeId, points: row.points };
        await recordEvent(trx, { stackId, type: 'loyalty.prize_request.created', data: event, at });
        await trx
          .insertInto('loyalty_ledger')
          .values({
            stack_id: stackId,
            user_id: userId,
            at,
            points: -row.points,
            action: repo.SPEND_ACTION,
            request_id: requestId,
          })
          .execute();
        return requestId;
      });
      return memberRequestOf(stackId, (await repo.findRequest(db, stackId, id)) as RequestRow);
    },

    async memberRequests(stackId: number, userId: number, limit: number | undefined, offset: number) {
      await requireFeature(db, stackId, 'loyalty');
      const page = await repo.requestPage(db, stackId, { userId }, limit, offset);
      const results = [];
      for (const r of page.rows) results.push(await memberRequestOf(stackId, r));
      return { count: page.count, results };
    },

    async memberRequestById(stackId: number, userId: number, id: number): Promise<MemberPrizeRequest> {
      await requireFeature(db, stackId, 'loyalty');
      const row = await repo.findRequest(db, stackId, id);
      if (!row || row.user_id !== userId) throw AppError.notFound(M.requestNotFound);
      return memberRequestOf(stackId, row);
    },
  };
}

/** A CSV cell: quoted when needed, never read as a formula by a spreadsheet. */
function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
export type { Db };
