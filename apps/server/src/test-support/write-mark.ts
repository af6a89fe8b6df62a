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

/**
 * Runs `call` and says whether it wrote. The mark is the whole server's next transaction id, which
 * other databases (the PostgreSQL lane runs two test files at a time on one server) also move: a call
 * counts as writing only if the mark moved on each of `attempts` runs — a call that writes does so
 * every time, a neighbour's write does not land around every attempt. The attempts spread over about
 * a second (each waits twice as long as the one before), so one busy moment of a neighbour's cannot
 * cover them all.
 */
export async function callAndWrites<T>(
  db: Db,
  call: () => Promise<T>,
  attempts = 6,
): Promise<{ answer: T; wrote: boolean }> {
  let answer: T | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
    const before = await writeMark(db);
    answer = await call();
    if ((await writeMark(db)) === before) return { answer, wrote: false };
  }
  return { answer: answer as T, wrote: true };
}
