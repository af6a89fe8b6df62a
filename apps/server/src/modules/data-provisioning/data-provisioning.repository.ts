import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { loginRows } from '../member-auth/login-rows.repository.ts';
import { contributionRows } from '../member-content/contribution-rows.repository.ts';
import { commentRows } from '../member-content/reaction-rows.repository.ts';
import { connectionRows, followRows } from '../member-people/relation-rows.repository.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import type {} from './data-provisioning.tables.ts';

/**
 * The counts behind the core §9 reports. "Members" are the community's users without a staff role;
 * every window is [since, until) in UTC. All values are bound parameters. Each count is one statement
 * over the owners' row sources (`*-rows.repository.ts`), never their tables.
 */

async function count(db: Db, query: ReturnType<typeof sql<{ n: string | number }>>): Promise<number> {
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Members registered before `until`. */
export function membersBefore(db: Db, stackId: number, until: Date): Promise<number> {
  return count(
    db,
    sql`SELECT count(*) AS n FROM ${communityUserRows(db)} u
        WHERE u.stack_id = ${stackId} AND u.role IS NULL AND u.created_at < ${until}`,
  );
}

/** Members registered in [since, until). */
export function membersRegistered(db: Db, stackId: number, since: Date, until: Date): Promise<number> {
  return count(
    db,
    sql`SELECT count(*) AS n FROM ${communityUserRows(db)} u
        WHERE u.stack_id = ${stackId} AND u.role IS NULL AND u.created_at >= ${since} AND u.created_at < ${until}`,
  );
}

/** Members who logged in within [since, until): a row in logins, or their last_login in the window. */
export function activeMembers(db: Db, stackId: number, since: Date, until: Date): Promise<number> {
  return count(
    db,
    sql`SELECT count(*) AS n FROM ${communityUserRows(db)} u
        WHERE u.stack_id = ${stackId} AND u.role IS NULL AND u.created_at < ${until}
          AND (
            (u.last_login >= ${since} AND u.last_login < ${until})
            OR EXISTS (
              SELECT 1 FROM ${loginRows(db)} l
              WHERE l.stack_id = ${stackId} AND l.user_id = u.id AND l.at >= ${since} AND l.at < ${until}
            )
          )`,
  );
}

/** Members who made a contribution or a comment within [since, until). */
export function activeContributors(db: Db, stackId: number, since: Date, until: Date): Promise<number> {
  return count(
    db,
    sql`SELECT count(*) AS n FROM ${communityUserRows(db)} u
        WHERE u.stack_id = ${stackId} AND u.role IS NULL
          AND (
            EXISTS (
              SELECT 1 FROM ${contributionRows(db)} c
              WHERE c.stack_id = ${stackId} AND c.author_id = u.id
                AND c.created_at >= ${since} AND c.created_at < ${until}
            )
            OR EXISTS (
              SELECT 1 FROM ${commentRows(db)} m
              WHERE m.stack_id = ${stackId} AND m.author_id = u.id
                AND m.created_at >= ${since} AND m.created_at < ${until}
            )
          )`,
  );
}

/** Connections made before `until` between two members registered before `until`. */
export function memberConnections(db: Db, stackId: number, until: Date): Promise<number> {
  return count(
    db,
    sql`SELECT count(*) AS n FROM ${connectionRows(db)} c
        JOIN ${communityUserRows(db)} a ON a.stack_id = c.stack_id AND a.id = c.user_a
        JOIN ${communityUserRows(db)} b ON b.stack_id = c.stack_id AND b.id = c.user_b
        WHERE c.stack_id = ${stackId} AND c.created_at < ${until}
          AND a.role IS NULL AND a.created_at < ${until}
          AND b.role IS NULL AND b.created_at < ${until}`,
  );
}

/** Distinct unordered pairs of members linked by a follow (either way) made before `until`. */
export function memberFollowPairs(db: Db, stackId: number, until: Date): Promise<number> {
  return count(
    db,
    sql`SELECT count(*) AS n FROM (
          SELECT DISTINCT LEAST(f.follower_id, f.followed_id) AS x, GREATEST(f.follower_id, f.followed_id) AS y
          FROM ${followRows(db)} f
          JOIN ${communityUserRows(db)} a ON a.stack_id = f.stack_id AND a.id = f.follower_id
          JOIN ${communityUserRows(db)} b ON b.stack_id = f.stack_id AND b.id = f.followed_id
          WHERE f.stack_id = ${stackId} AND f.created_at < ${until} AND f.follower_id <> f.followed_id
            AND a.role IS NULL AND a.created_at < ${until}
            AND b.role IS NULL AND b.created_at < ${until}
        ) pairs`,
  );
}

export async function findLayout(db: Db, stackId: number, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('dashboard_layouts')
    .select('layout')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.layout;
}

export async function saveLayout(db: Db, stackId: number, userId: number, layout: string, at: Date) {
  await db
    .insertInto('dashboard_layouts')
    .values({ stack_id: stackId, user_id: userId, layout, updated_at: at })
    .onConflict((oc) => oc.columns(['stack_id', 'user_id']).doUpdateSet({ layout, updated_at: at }))
    .execute();
}
