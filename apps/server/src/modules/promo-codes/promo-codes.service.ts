import {
  ErrorCode,
  PROMO_CODE_CODE_MAX,
  PROMO_CODE_MESSAGES as M,
  PROMO_CODE_NAME_MAX,
  PROMO_CODE_PATTERN,
  type MemberPromoCode,
  type PromoCode,
  type PromoCodeList,
  type PromoCodeWriteBody,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, errorEntry, type AppErrorEntry } from '../../platform/errors/app-error.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { requireFeature } from '../features/features.service.ts';
import { tagsByIds, userTagIds } from '../tagging/tagging.repository.ts';
import * as repo from './promo-codes.repository.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(DAY.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const validAt = (row: repo.PromoCodeRow, at: Date) => row.valid_from <= at && at < row.valid_to;

function memberView(row: repo.PromoCodeRow, at: Date): MemberPromoCode {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    is_valid_now: validAt(row, at),
    valid_from: row.valid_from.toISOString(),
    valid_to: row.valid_to.toISOString(),
  };
}

/**
 * The user tags a promo code gives a new member at sign-up (`promo_code` on `account/create/`), or a
 * 400 on the field when the code is unknown, expired or not valid yet. No code: no tags. Deleted tags
 * are skipped.
 */
export async function promoCodeTagsAtSignUp(
  deps: Pick<PlatformDeps, 'db' | 'clock'>,
  stackId: number,
  code: string | undefined,
): Promise<number[]> {
  const wanted = (code ?? '').trim();
  if (!wanted) return [];
  await requireFeature(deps.db, stackId, 'promo_code');
  const row = await repo.findByCode(deps.db, stackId, wanted);
  const now = deps.clock.now();
  if (!row) throw AppError.of(400, ErrorCode.invalid, M.unknown, 'promo_code');
  if (now < row.valid_from) throw AppError.of(400, ErrorCode.invalid, M.notYetValid, 'promo_code');
  if (now >= row.valid_to) throw AppError.of(400, ErrorCode.invalid, M.expired, 'promo_code');
  return userTagIds(deps.db, stackId, row.tag_ids);
}

type Staff = { userId: number; username: string };

export function createPromoCodesService(deps: PlatformDeps) {
  const { db, clock } = deps;

  async function present(stackId: number, rows: repo.PromoCodeRow[]): Promise<PromoCode[]> {
    const tagIds = [...new Set(rows.flatMap((r) => r.tag_ids))];
    const tags = new Map((await tagsByIds(db, stackId, tagIds)).map((t) => [t.id, t]));
    const now = clock.now();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      code: row.code,
      tags: row.tag_ids.flatMap((id) => {
        const tag = tags.get(id);
        return tag ? [{ id: tag.id, name: tag.name, color: tag.color }] : [];
      }),
      valid_from: row.valid_from.toISOString(),
      valid_to: row.valid_to.toISOString(),
      is_valid_now: validAt(row, now),
      created_at: row.created_at.toISOString(),
      created_by:
        row.created_by === null ? null : { id: row.created_by, username: row.created_by_username ?? '' },
    }));
  }

  async function one(stackId: number, id: number): Promise<PromoCode> {
    const row = await repo.findById(db, stackId, id);
    if (!row) throw AppError.notFound(M.notFound);
    return (await present(stackId, [row]))[0] as PromoCode;
  }

  /** The whole record checked: every problem at once, on its field. */
  async function checked(
    database: Db,
    stackId: number,
    body: PromoCodeWriteBody,
    exceptId?: number,
  ): Promise<repo.PromoCodeValues> {
    const errors: AppErrorEntry[] = [];
    const name = (body.name ?? '').trim();
    if (!name || name.length > PROMO_CODE_NAME_MAX)
      errors.push(errorEntry(ErrorCode.invalid, M.name, 'name'));
    const code = (body.code ?? '').trim();
    if (!code || code.length > PROMO_CODE_CODE_MAX || !PROMO_CODE_PATTERN.test(code)) {
      errors.push(errorEntry(ErrorCode.invalid, M.code, 'code'));
    } else if (await repo.codeTaken(database, stackId, code, exceptId)) {
      errors.push(errorEntry(ErrorCode.unique, M.unique, 'code'));
    }
    const tagIds = [...new Set(body.tags ?? [])];
    if ((await userTagIds(database, stackId, tagIds)).length !== tagIds.length) {
      errors.push(errorEntry(ErrorCode.invalid, M.tags, 'tags'));
    }
    const from = parseDate(body.valid_from);
    const to = parseDate(body.valid_to);
    if (!from) errors.push(errorEntry(ErrorCode.invalid, M.validFrom, 'valid_from'));
    if (!to) errors.push(errorEntry(ErrorCode.invalid, M.validTo, 'valid_to'));
    else if (from && to <= from) errors.push(errorEntry(ErrorCode.invalid, M.order, 'valid_to'));
    if (errors.length > 0 || !from || !to) throw new AppError(400, errors);
    return { name, code, tag_ids: tagIds, valid_from: from, valid_to: to };
  }

  /** Two writes racing for one code: the unique index decides, answered as the field's error. */
  async function uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.of(400, ErrorCode.unique, M.unique, 'code');
      throw error;
    }
  }

  return {
    async list(
      stackId: number,
      q: { search?: string; limit: number; offset: number },
    ): Promise<PromoCodeList> {
      const { count, rows } = await repo.page(db, stackId, q.search?.trim() || undefined, q.limit, q.offset);
      return { count, results: await present(stackId, rows) };
    },

    async add(stackId: number, by: Staff, body: PromoCodeWriteBody): Promise<PromoCode> {
      const values = await checked(db, stackId, body);
      const id = await uniquely(() => repo.insert(db, stackId, values, by, clock.now()));
      return one(stackId, id);
    },

    async update(stackId: number, id: number, body: PromoCodeWriteBody): Promise<PromoCode> {
      const current = await repo.findById(db, stackId, id);
      if (!current) throw AppError.notFound(M.notFound);
      const merged: PromoCodeWriteBody = {
        name: body.name ?? current.name,
        code: body.code ?? current.code,
        tags: body.tags ?? current.tag_ids,
        valid_from: body.valid_from ?? current.valid_from.toISOString(),
        valid_to: body.valid_to ?? current.valid_to.toISOString(),
      };
      const values = await checked(db, stackId, merged, id);
      await uniquely(() => repo.update(db, stackId, id, values));
      return one(stackId, id);
    },

    async remove(stackId: number, id: number): Promise<{ id: number }> {
      if (!(await repo.remove(db, stackId, id))) throw AppError.notFound(M.notFound);
      return { id };
    },

    /** SelfCommunity's `promo_code/{id or code}/`: the code first, then a numeric id. */
    async memberGet(stackId: number, codeOrId: string): Promise<MemberPromoCode> {
      await requireFeature(db, stackId, 'promo_code');
      let row = await repo.findByCode(db, stackId, codeOrId);
      if (!row && /^\d{1,9}$/.test(codeOrId)) row = await repo.findById(db, stackId, Number(codeOrId));
      if (!row) throw AppError.notFound(M.unknown);
      return memberView(row, clock.now());
    },
  };
}
