import { sql } from 'kysely';
import type { IncubatorStatus } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
import type {} from './incubators.tables.ts';

export interface IncubatorRow {
  id: number;
  name: string;
  slug: string;
  slogan: string;
  status: IncubatorStatus;
  restore_status: 'pending' | 'votable' | 'ready' | 'ignored' | null;
  user_id: number | null;
  category_id: number | null;
  ready_at: Date | null;
  created_at: Date;
  subscribers_count: number;
}

export interface IncubatorFilter {
  statuses?: readonly IncubatorStatus[];
  search?: string;
  /** Pending proposals are listed only when they are this user's (members see their own). */
  pendingOf?: number | 'all';
  ordering?: { column: 'id' | 'name' | 'created_at' | 'subscribers_count'; desc: boolean };
}

function rows(db: Db, stackId: number) {
  return db
    .selectFrom('incubators as i')
    .where('i.stack_id', '=', stackId)
    .select((eb) => [
      'i.id',
      'i.name',
      'i.slug',
      'i.slogan',
      'i.status',
      'i.restore_status',
      'i.user_id',
      'i.category_id',
      'i.ready_at',
      'i.created_at',
      eb
        .selectFrom('incubator_subscriptions as s')
        .whereRef('s.stack_id', '=', 'i.stack_id')
        .whereRef('s.incubator_id', '=', 'i.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .$asScalar()
        .$notNull()
        .as('subscribers_count'),
    ]);
}

export async function findIncubator(db: Db, stackId: number, id: number): Promise<IncubatorRow | undefined> {
  return rows(db, stackId).where('i.id', '=', id).executeTakeFirst();
}

/** A page of proposals and how many match, newest first unless ordered otherwise. */
export async function pageOfIncubators(
  db: Db,
  stackId: number,
  filter: IncubatorFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ count: number; rows: IncubatorRow[] }> {
  let query = rows(db, stackId);
  if (filter.statuses) query = query.where('i.status', 'in', [...filter.statuses]);
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['i.name']), 'like', pattern),
        eb(eb.fn('lower', ['i.slogan']), 'like', pattern),
      ]),
    );
  }
  const pendingOf = filter.pendingOf ?? 'all';
  if (pendingOf !== 'all') {
    query = query.where((eb) => eb.or([eb('i.status', '!=', 'pending'), eb('i.user_id', '=', pendingOf)]));
  }
  const counted = await db
    .selectFrom(query.as('q'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const { column, desc } = filter.ordering ?? { column: 'created_at', desc: true };
  let page = db
    .selectFrom(query.as('q'))
    .selectAll()
    .orderBy(`q.${column}`, desc ? 'desc' : 'asc')
    .orderBy('q.id', desc ? 'desc' : 'asc')
    .offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  return { count: counted.n, rows: await page.execute() };
}

/** Whether a live proposal (neither hidden nor ignored) already has this name. */
export async function liveNameTaken(db: Db, stackId: number, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('incubators')
    .select('id')
    .where('stack_id', '=', stackId)
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .where('status', 'not in', ['hidden', 'ignored'])
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertIncubator(
  db: Db,
  stackId: number,
  values: { name: string; slug: string; slogan: string; user_id: number },
  at: Date,
): Promise<number> {
  const row = await db
    .insertInto('incubators')
    .values({ stack_id: stackId, ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Moves a proposal to another status, only from one of `from` (row locked by the update itself), so
 * two staff acting at once cannot both apply an action. Answers whether it moved.
 */
export async function moveStatus(
  db: Db,
  stackId: number,
  id: number,
  from: readonly IncubatorStatus[],
  changes: {
    status: IncubatorStatus;
    restore_status: IncubatorRow['restore_status'];
    category_id?: number;
    ready_at?: Date | null;
  },
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('incubators')
    .set({ ...changes, updated_at: at })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Locks the proposal's row for the rest of the transaction (publish). */
export async function lockIncubator(
  db: Db,
  stackId: number,
  id: number,
): Promise<IncubatorStatus | undefined> {
  const row = await db
    .selectFrom('incubators')
    .select('status')
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row?.status;
}

/**
 * Votable proposals (all, or those of `ids`) with at least `threshold` subscribers become ready;
 * answers the ids this statement moved, so each is announced once.
 */
export async function promoteReady(
  db: Db,
  stackId: number,
  threshold: number,
  at: Date,
  ids?: readonly number[],
): Promise<number[]> {
  if (ids && ids.length === 0) return [];
  let update = db
    .updateTable('incubators as i')
    .set({ status: 'ready', ready_at: at, updated_at: at })
    .where('i.stack_id', '=', stackId)
    .where('i.status', '=', 'votable')
    .where(
      (eb) =>
        eb
          .selectFrom('incubator_subscriptions as s')
          .whereRef('s.stack_id', '=', 'i.stack_id')
          .whereRef('s.incubator_id', '=', 'i.id')
          .select(sql<number>`count(*)::int`.as('n'))
          .$asScalar(),
      '>=',
      threshold,
    );
  if (ids) update = update.where('i.id', 'in', [...ids]);
  const moved = await update.returning('i.id').execute();
  return moved.map((r) => r.id);
}

/** Subscribes the user, or unsubscribes them when they were; answers whether they now are. */
export async function toggleSubscription(
  db: Db,
  stackId: number,
  incubatorId: number,
  userId: number,
  at: Date,
): Promise<boolean> {
  const removed = await db
    .deleteFrom('incubator_subscriptions')
    .where('stack_id', '=', stackId)
    .where('incubator_id', '=', incubatorId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) return false;
  await db
    .insertInto('incubator_subscriptions')
    .values({ stack_id: stackId, incubator_id: incubatorId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['stack_id', 'incubator_id', 'user_id']).doNothing())
    .execute();
  return true;
}

/** Which of `ids` the user subscribed to. */
export async function subscribedIds(
  db: Db,
  stackId: number,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await db
    .selectFrom('incubator_subscriptions')
    .select('incubator_id')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .where('incubator_id', 'in', [...ids])
    .execute();
  return new Set(found.map((r) => r.incubator_id));
}

/** A page of a proposal's subscribers, newest first. */
export async function pageOfSubscribers(
  db: Db,
  stackId: number,
  incubatorId: number,
  limit: number | undefined,
  offset: number,
): Promise<{ count: number; ids: number[] }> {
  const base = db
    .selectFrom('incubator_subscriptions')
    .where('stack_id', '=', stackId)
    .where('incubator_id', '=', incubatorId);
  const counted = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let page = base.select('user_id').orderBy('created_at', 'desc').orderBy('user_id', 'desc').offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  return { count: counted.n, ids: (await page.execute()).map((r) => r.user_id) };
}
