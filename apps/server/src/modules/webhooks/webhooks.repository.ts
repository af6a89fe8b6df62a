import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type {} from './webhooks.tables.ts';

export interface EndpointRow {
  stack_id: number;
  id: number;
  target: string;
  description: string;
  is_active: boolean;
  ssl_cert_verification: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

const ENDPOINT_COLUMNS = [
  'stack_id',
  'id',
  'target',
  'description',
  'is_active',
  'ssl_cert_verification',
  'secret_sealed',
  'previous_secret_sealed',
  'previous_secret_until',
  'created_at',
  'updated_at',
] as const;

export async function insertEndpoint(
  db: Db,
  row: Omit<EndpointRow, 'id' | 'previous_secret_sealed' | 'previous_secret_until'>,
): Promise<EndpointRow> {
  return db.insertInto('webhook_endpoints').values(row).returning(ENDPOINT_COLUMNS).executeTakeFirstOrThrow();
}

export async function updateEndpoint(
  db: Db,
  stackId: number,
  id: number,
  changes: Partial<Omit<EndpointRow, 'id' | 'stack_id' | 'created_at'>>,
): Promise<EndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, stackId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findEndpoint(db: Db, stackId: number, id: number): Promise<EndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Endpoints by id across communities (the delivery worker's batch). */
export async function endpointsWithIds(db: Db, ids: readonly number[]): Promise<EndpointRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('id', 'in', [...ids])
    .execute();
}

const ENDPOINT_ORDERS = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  is_active: 'is_active',
} as const;

export async function listEndpoints(
  db: Db,
  stackId: number,
  query: { limit: number; offset: number; ordering?: string | undefined; target?: string | undefined },
): Promise<{ count: number; rows: EndpointRow[] }> {
  let base = db.selectFrom('webhook_endpoints').where('stack_id', '=', stackId);
  if (query.target) base = base.where('target', 'ilike', `%${query.target.replace(/[\\%_]/g, '\\$&')}%`);
  const wanted = query.ordering ?? '-created_at';
  const desc = wanted.startsWith('-');
  const column = ENDPOINT_ORDERS[wanted.replace(/^-/, '') as keyof typeof ENDPOINT_ORDERS] ?? 'created_at';
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(ENDPOINT_COLUMNS)
      .orderBy(column, desc ? 'desc' : 'asc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
  ]);
  return { count: Number(count.n), rows };
}

export interface SubscriptionRow {
  endpoint_id: number;
  type: string;
  added_at: Date;
}

export async function subscriptionsOf(
  db: Db,
  stackId: number,
  endpointIds: readonly number[],
): Promise<SubscriptionRow[]> {
  if (endpointIds.length === 0) return [];
  return db
    .selectFrom('webhook_endpoint_events')
    .select(['endpoint_id', 'type', 'added_at'])
    .where('stack_id', '=', stackId)
    .where('endpoint_id', 'in', [...endpointIds])
    .orderBy('type')
    .execute();
}

/** Sets an endpoint's event types, keeping when each kept type was added. */
export async function replaceSubscriptions(
  db: Db,
  stackId: number,
  endpointId: number,
  types: readonly string[],
  at: Date,
): Promise<void> {
  const wanted = [...new Set(types)];
  let remove = db
    .deleteFrom('webhook_endpoint_events')
    .where('stack_id', '=', stackId)
    .where('endpoint_id', '=', endpointId);
  if (wanted.length > 0) remove = remove.where('type', 'not in', wanted);
  await remove.execute();
  if (wanted.length > 0)
    await db
      .insertInto('webhook_endpoint_events')
      .values(wanted.map((type) => ({ stack_id: stackId, endpoint_id: endpointId, type, added_at: at })))
      .onConflict((oc) => oc.columns(['stack_id', 'endpoint_id', 'type']).doNothing())
      .execute();
}

/** Every type some active endpoint of the community subscribes to. */
export async function activeTypes(db: Db, stackId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_endpoint_events as s')
    .innerJoin('webhook_endpoints as e', (j) =>
      j.onRef('e.stack_id', '=', 's.stack_id').onRef('e.id', '=', 's.endpoint_id'),
    )
    .select('s.type')
    .distinct()
    .where('s.stack_id', '=', stackId)
    .where('e.is_active', '=', true)
    .execute();
  return rows.map((r) => r.type);
}

/** Attempts and failed attempts per endpoint since `since`. */
export async function attemptCounts(
  db: Db,
  stackId: number,
  endpointIds: readonly number[],
  since: Date,
): Promise<Map<number, { total: number; failed: number }>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('webhook_attempts')
    .select([
      'endpoint_id',
      (eb) => eb.fn.countAll<string>().as('total'),
      sql<string>`count(*) FILTER (WHERE NOT succeeded)`.as('failed'),
    ])
    .where('stack_id', '=', stackId)
    .where('endpoint_id', 'in', [...endpointIds])
    .where('sent_at', '>=', since)
    .groupBy('endpoint_id')
    .execute();
  return new Map(rows.map((r) => [r.endpoint_id, { total: Number(r.total), failed: Number(r.failed) }]));
}

export interface AttemptRow {
  id: number;
  endpoint_id: number;
  delivery_id: number;
  event_id: number;
  event_type: string;
  event_created_at: Date;
  succeeded: boolean;
  sent_at: Date;
  next_retry: Date | null;
  http_response_code: number | null;
  signature_header: string;
  request_body: string;
  response_body: string;
}

const ATTEMPT_COLUMNS = [
  'id',
  'endpoint_id',
  'delivery_id',
  'event_id',
  'event_type',
  'event_created_at',
  'succeeded',
  'sent_at',
  'next_retry',
  'http_response_code',
  'signature_header',
  'request_body',
  'response_body',
] as const;

const ATTEMPT_ORDERS = { created_at: 'id', sent_at: 'sent_at', next_retry: 'next_retry' } as const;

export async function listAttempts(
  db: Db,
  stackId: number,
  endpointId: number,
  query: { limit: number; offset: number; ordering?: string | undefined },
  since: Date,
): Promise<{ count: number; rows: AttemptRow[] }> {
  const base = db
    .selectFrom('webhook_attempts')
    .where('stack_id', '=', stackId)
    .where('endpoint_id', '=', endpointId)
    .where('sent_at', '>=', since);
  const wanted = query.ordering ?? '-created_at';
  const desc = wanted.startsWith('-');
  const column = ATTEMPT_ORDERS[wanted.replace(/^-/, '') as keyof typeof ATTEMPT_ORDERS] ?? 'id';
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(ATTEMPT_COLUMNS)
      .orderBy(column, desc ? 'desc' : 'asc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
  ]);
  return { count: Number(count.n), rows };
}

export async function findAttempt(
  db: Db,
  stackId: number,
  id: number,
  since: Date,
): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('webhook_attempts')
    .select(ATTEMPT_COLUMNS)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .where('sent_at', '>=', since)
    .executeTakeFirst();
}
