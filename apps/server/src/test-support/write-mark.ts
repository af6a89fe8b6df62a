import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';

/**
 * The next transaction id: it moves only when something is written (reads take no id), so two marks
 * around a call prove whether the call wrote anything.
 */
export async function writeMark(db: Db): Promise<string> {
  const row = await sql<{
    mark: string;
  }>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS mark`.execute(db);
  return row.rows[0]?.mark ?? '';
}
