import { sql, type AliasedSelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { escapeLike } from '../db/like-pattern.ts';
import './audit.tables.ts';

// The list of a community's audit log, beside the recorder that writes it: the platform owns
// `audit_log`, and the audit-log module's screen and export ask these. The people named in it belong
// to another owner, so the caller hands in their row source (`PersonRows`), joined in the same statement.

export interface AuditLogFilter {
  stackId: number;
  /** Community user id of who made the change. */
  person?: number;
  /** Only entries of these `METHOD /route` keys (an action's routes). */
  routes?: readonly string[];
  /** Never entries of these `METHOD /route` keys (the read-only actions, unless asked for). */
  exceptRoutes?: readonly string[];
  from?: Date;
  /** Excluded upper bound. */
  until?: Date;
  /**
   * Pending entries written before this moment are shown (as unconfirmed); younger ones are actions
   * in progress and are not shown. Completed entries always are.
   */
  pendingBefore: Date;
}

/** A community's people as the log shows them: a sub-query from their owner's row source. */
export interface PersonRow {
  stack_id: number;
  id: number;
  username: string;
  real_name: string | null;
}
/** Any query whose rows are people: only its aliased form is used, so its own tables stay its owner's. */
export interface PersonRows {
  as<A extends string>(alias: A): AliasedSelectQueryBuilder<PersonRow, A>;
}

const routeKey = sql<string>`audit_log.method || ' ' || audit_log.route`;

function filtered(db: Db, f: AuditLogFilter) {
  let q = db
    .selectFrom('audit_log')
    .where('audit_log.stack_id', '=', f.stackId)
    .where((eb) =>
      eb.or([eb('audit_log.status', '=', 'completed'), eb('audit_log.at', '<', f.pendingBefore)]),
    );
  if (f.person !== undefined) q = q.where('audit_log.community_user_id', '=', f.person);
  if (f.routes) q = f.routes.length ? q.where(routeKey, 'in', [...f.routes]) : q.where(sql<boolean>`false`);
  if (f.exceptRoutes?.length) q = q.where(routeKey, 'not in', [...f.exceptRoutes]);
  if (f.from) q = q.where('audit_log.at', '>=', f.from);
  if (f.until) q = q.where('audit_log.at', '<', f.until);
  return q;
}

export async function countEntries(db: Db, f: AuditLogFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of entries, newest first, each with its author's current username and real name. */
export async function listEntries(
  db: Db,
  f: AuditLogFilter,
  people: PersonRows,
  limit: number,
  offset: number,
) {
  return filtered(db, f)
    .leftJoin(people.as('actor'), (join) =>
      join
        .onRef('actor.id', '=', 'audit_log.community_user_id')
        .onRef('actor.stack_id', '=', 'audit_log.stack_id'),
    )
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.account_id',
      'audit_log.community_user_id',
      'audit_log.username',
      'audit_log.role',
      'audit_log.action',
      'audit_log.method',
      'audit_log.route',
      'audit_log.target',
      'audit_log.details',
      'audit_log.ip',
      'audit_log.status',
      'actor.username as actor_username',
      'actor.real_name as actor_name',
    ])
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The people who made changes in a community's log whose username or real name holds `search`. */
export async function searchAuthors(
  db: Db,
  stackId: number,
  people: PersonRows,
  search: string,
  limit: number,
): Promise<PersonRow[]> {
  const authors = db
    .selectFrom('audit_log')
    .where('audit_log.stack_id', '=', stackId)
    .where('audit_log.community_user_id', 'is not', null)
    .select('audit_log.community_user_id')
    .distinct();
  const pattern = `%${escapeLike(search.trim())}%`;
  const rows = await db
    .selectFrom(people.as('p'))
    .where('p.stack_id', '=', stackId)
    .where('p.id', 'in', authors)
    .where((eb) =>
      eb.or([
        eb('p.username', 'ilike', pattern),
        eb(eb.fn.coalesce('p.real_name', sql.lit('')), 'ilike', pattern),
      ]),
    )
    .select(['p.stack_id', 'p.id', 'p.username', 'p.real_name'])
    .orderBy('p.username')
    .limit(limit)
    .execute();
  return rows;
}
