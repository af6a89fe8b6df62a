import { sql, type Kysely } from 'kysely';
import type { LegalPolicy } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
import './legal-pages.tables.ts';

type Executor = Db | Kysely<Database>;

export interface VersionRow {
  id: number;
  page_id: number;
  policy: LegalPolicy;
  label: string;
  html_body: string;
  valid_from: Date | null;
  valid_to: Date | null;
  acceptance_round: number;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
  /** Whether this is its page's newest version. */
  current: boolean;
  accepted_count: number;
}

export interface AckRow {
  id: number;
  version_id: number;
  user_id: number;
  accepted_at: Date | null;
  not_accepted_at: Date | null;
  /** Whether the acknowledgement belongs to the version's current round (a force-accept ends it). */
  valid: boolean;
}

const acceptedCount = sql<number>`(
  SELECT count(*) FROM legal_page_acks a
  WHERE a.stack_id = v.stack_id AND a.version_id = v.id
    AND a.accepted_at IS NOT NULL AND a.acceptance_round = v.acceptance_round
)::int`;
const isCurrent = sql<boolean>`v.id = (
  SELECT max(c.id) FROM legal_page_versions c WHERE c.stack_id = v.stack_id AND c.legal_page_id = v.legal_page_id
)`;

function versions(db: Executor, stackId: number) {
  return db
    .selectFrom('legal_page_versions as v')
    .innerJoin('legal_pages as p', (j) =>
      j.onRef('p.stack_id', '=', 'v.stack_id').onRef('p.id', '=', 'v.legal_page_id'),
    )
    .where('v.stack_id', '=', stackId)
    .select([
      'v.id',
      'p.id as page_id',
      'p.policy',
      'v.label',
      'v.html_body',
      'v.valid_from',
      'v.valid_to',
      'v.acceptance_round',
      'v.created_by',
      'v.created_at',
      'v.updated_at',
      isCurrent.as('current'),
      acceptedCount.as('accepted_count'),
    ]);
}

/** Every version of the community's pages (newest first), or one page's. */
export function versionsOf(db: Executor, stackId: number, pageId?: number): Promise<VersionRow[]> {
  let q = versions(db, stackId);
  if (pageId !== undefined) q = q.where('p.id', '=', pageId);
  return q.orderBy('v.id', 'desc').execute();
}

/** The policies of the community that have a published version (e.g. for the readiness checks). */
export async function currentPolicies(db: Executor, stackId: number): Promise<LegalPolicy[]> {
  const rows = await db
    .selectFrom('legal_pages as p')
    .where('p.stack_id', '=', stackId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('legal_page_versions as v')
          .select('v.id')
          .whereRef('v.stack_id', '=', 'p.stack_id')
          .whereRef('v.legal_page_id', '=', 'p.id'),
      ),
    )
    .select('p.policy')
    .execute();
  return rows.map((row) => row.policy);
}

/** The current version of each page, with how many versions the page has. */
export async function currentVersions(
  db: Executor,
  stackId: number,
): Promise<(VersionRow & { versions_count: number })[]> {
  return versions(db, stackId)
    .where(isCurrent)
    .select(
      sql<number>`(SELECT count(*) FROM legal_page_versions c WHERE c.stack_id = v.stack_id AND c.legal_page_id = v.legal_page_id)::int`.as(
        'versions_count',
      ),
    )
    .orderBy('p.policy')
    .execute();
}

export function pageById(db: Executor, stackId: number, id: number) {
  return db
    .selectFrom('legal_pages')
    .select(['id', 'policy'])
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function pageByPolicy(db: Executor, stackId: number, policy: LegalPolicy) {
  return db
    .selectFrom('legal_pages')
    .select(['id', 'policy'])
    .where('stack_id', '=', stackId)
    .where('policy', '=', policy)
    .executeTakeFirst();
}

export async function insertPage(db: Executor, stackId: number, policy: LegalPolicy): Promise<number> {
  const row = await db
    .insertInto('legal_pages')
    .values({ stack_id: stackId, policy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface NewVersion {
  label: string;
  html_body: string;
  valid_from: Date | null;
  valid_to: Date | null;
  created_by: number | null;
  now: Date;
}

export async function insertVersion(db: Executor, stackId: number, pageId: number, v: NewVersion) {
  const row = await db
    .insertInto('legal_page_versions')
    .values({
      stack_id: stackId,
      legal_page_id: pageId,
      label: v.label,
      html_body: v.html_body,
      valid_from: v.valid_from,
      valid_to: v.valid_to,
      created_by: v.created_by,
      created_at: v.now,
      updated_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Starts a new acceptance round of a page's current version: every member accepts again. */
export async function bumpRound(
  db: Executor,
  stackId: number,
  pageId: number,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .updateTable('legal_page_versions as v')
    .set({ acceptance_round: sql`v.acceptance_round + 1`, updated_at: now })
    .where('v.stack_id', '=', stackId)
    .where('v.legal_page_id', '=', pageId)
    .where(isCurrent)
    .returning('v.acceptance_round')
    .executeTakeFirst();
  return row?.acceptance_round;
}

export async function deletePage(db: Executor, stackId: number, pageId: number): Promise<boolean> {
  const res = await db
    .deleteFrom('legal_pages')
    .where('stack_id', '=', stackId)
    .where('id', '=', pageId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export interface MemberVersionFilter {
  ids?: number[];
  policy?: LegalPolicy;
  currentOnly?: boolean;
  search?: string;
  validFrom?: Date;
  validTo?: Date;
  ordering?: string;
  limit?: number;
  offset?: number;
}

const ORDERINGS = {
  id: ['v.id', 'asc'],
  '-id': ['v.id', 'desc'],
  created_at: ['v.created_at', 'asc'],
  '-created_at': ['v.created_at', 'desc'],
  valid_from: ['v.valid_from', 'asc'],
  '-valid_from': ['v.valid_from', 'desc'],
} as const;

function filtered(db: Executor, stackId: number, f: MemberVersionFilter) {
  let q = versions(db, stackId);
  if (f.ids) q = q.where('v.id', 'in', f.ids.length > 0 ? f.ids : [0]);
  if (f.policy) q = q.where('p.policy', '=', f.policy);
  if (f.currentOnly) q = q.where(isCurrent);
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    q = q.where((eb) => eb.or([eb('v.label', 'ilike', like), eb(sql<string>`p.policy`, 'ilike', like)]));
  }
  if (f.validFrom) q = q.where('v.valid_from', '>=', f.validFrom);
  if (f.validTo) q = q.where('v.valid_to', '<=', f.validTo);
  return q;
}

/** Versions as members list them, with the total before paging. */
export async function memberVersions(
  db: Executor,
  stackId: number,
  f: MemberVersionFilter,
): Promise<{ count: number; rows: VersionRow[] }> {
  const [column, direction] = ORDERINGS[(f.ordering ?? '-id') as keyof typeof ORDERINGS] ?? ORDERINGS['-id'];
  let q = filtered(db, stackId, f).orderBy(column, direction).orderBy('v.id', 'desc');
  if (f.limit !== undefined) q = q.limit(f.limit);
  if (f.offset) q = q.offset(f.offset);
  const [rows, total] = await Promise.all([
    q.execute(),
    db
      .selectFrom(filtered(db, stackId, { ...f, ordering: undefined }).as('f'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), rows };
}

function acks(db: Executor, stackId: number, userId: number) {
  return db
    .selectFrom('legal_page_acks as a')
    .innerJoin('legal_page_versions as v', (j) =>
      j.onRef('v.stack_id', '=', 'a.stack_id').onRef('v.id', '=', 'a.version_id'),
    )
    .where('a.stack_id', '=', stackId)
    .where('a.user_id', '=', userId)
    .select([
      'a.id',
      'a.version_id',
      'a.user_id',
      'a.accepted_at',
      'a.not_accepted_at',
      sql<boolean>`a.acceptance_round = v.acceptance_round`.as('valid'),
    ]);
}

/** A member's acknowledgements of some versions (all of theirs when `versionIds` is absent). */
export function acksOf(
  db: Executor,
  stackId: number,
  userId: number,
  versionIds?: number[],
): Promise<AckRow[]> {
  let q = acks(db, stackId, userId);
  if (versionIds) q = q.where('a.version_id', 'in', versionIds.length > 0 ? versionIds : [0]);
  return q.orderBy('a.id', 'desc').execute();
}

/** Records a member's answer to a version in its current round (replacing an earlier answer). */
export async function saveAck(
  db: Executor,
  stackId: number,
  versionId: number,
  userId: number,
  accept: boolean,
  now: Date,
): Promise<void> {
  const round = db
    .selectFrom('legal_page_versions')
    .select('acceptance_round')
    .where('stack_id', '=', stackId)
    .where('id', '=', versionId);
  const values = {
    accepted_at: accept ? now : null,
    not_accepted_at: accept ? null : now,
  };
  await db
    .insertInto('legal_page_acks')
    .values({ stack_id: stackId, version_id: versionId, user_id: userId, ...values, acceptance_round: round })
    .onConflict((oc) =>
      oc.columns(['stack_id', 'version_id', 'user_id']).doUpdateSet({ ...values, acceptance_round: round }),
    )
    .execute();
}

/**
 * The current versions of the given policies a member has not accepted in their current round: one
 * statement, run after each successful member-API call (ADR 0018).
 */
export async function pendingAcceptances(
  db: Executor,
  stackId: number,
  userId: number,
  policies: readonly LegalPolicy[],
): Promise<{ policy: LegalPolicy; id: number }[]> {
  const { rows } = await sql<{ policy: LegalPolicy; id: number }>`
    SELECT p.policy, v.id FROM legal_pages p
    JOIN LATERAL (
      SELECT c.id, c.acceptance_round FROM legal_page_versions c
      WHERE c.stack_id = p.stack_id AND c.legal_page_id = p.id ORDER BY c.id DESC LIMIT 1
    ) v ON true
    WHERE p.stack_id = ${stackId} AND p.policy IN (${sql.join([...policies])})
      AND NOT EXISTS (
        SELECT 1 FROM legal_page_acks a
        WHERE a.stack_id = p.stack_id AND a.version_id = v.id AND a.user_id = ${userId}
          AND a.accepted_at IS NOT NULL AND a.acceptance_round = v.acceptance_round
      )
    ORDER BY p.policy`.execute(db);
  return rows;
}
