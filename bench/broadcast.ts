/**
 * Broadcast benchmark (issue 14 §6; ADR 0025; timings live here, never in tests). Seeds a community of
 * 100 000 members (half of them holding a tag) by set-based SQL, then times a broadcast through the
 * console API (save and send, `app.inject`) followed by the count, by query, of the members who now
 * see its banner, and a member's banner list — beside a baseline measured in the same run: the naive
 * fan-out that writes one row per member up front (100 000 rows into a table shaped like the banner
 * states). Target: a broadcast to 100 k members fanned out (sent and visible to all) in ≤ 10 s.
 *
 * Databases: PGlite in a temporary directory, then PostgreSQL — BENCH_DATABASE_URL's server (a fresh
 * database created and dropped) or a throw-away cluster (bench/throwaway-postgres.ts);
 * BENCH_POSTGRES=off skips it, BENCH_PGLITE=off skips PGlite. Settings: BENCH_BROADCAST_MEMBERS (100000).
 */
import os from 'node:os';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../apps/server/src/platform/db/database.ts';
import { audienceCount } from '../apps/server/src/modules/broadcast-messages/broadcast-banners.repository.ts';
import { createMember, memberSignIn, setFlag, signIn } from '../apps/server/src/test-support/fixtures.ts';
import { BENCH_ADMIN_PASSWORD, bootstrapDemo, startBenchApp } from './bench-community.ts';
import { integerSetting, onEachDatabase, type BenchDatabase } from './bench-databases.ts';

const MEMBERS = integerSetting('BENCH_BROADCAST_MEMBERS', 100_000);
const TARGET_MS = 10_000;
const READER_PASSWORD = 'reader-password-1';

/** Members (all joined before the sends) and one user tag held by every other member. */
async function seed(handle: DatabaseHandle, stackId: number): Promise<number> {
  const started = performance.now();
  const { db } = handle;
  await sql`
    INSERT INTO community_users (stack_id, username, email, created_at, status)
    SELECT ${stackId}, 'member' || g, 'member' || g || '@bench.test', now() - interval '1 day' - (g % 730) * interval '1 day', 'active'
      FROM generate_series(1, ${MEMBERS}::int) g`.execute(db);
  const tag = await sql<{ id: number }>`
    INSERT INTO tags (stack_id, type, name) VALUES (${stackId}, 'user', 'half') RETURNING id`.execute(db);
  const tagId = tag.rows[0]!.id;
  await sql`
    INSERT INTO user_tags (stack_id, user_id, tag_id)
    SELECT ${stackId}, id, ${tagId}::int FROM community_users
     WHERE stack_id = ${stackId} AND username LIKE 'member%' AND id % 2 = 0`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  console.log(
    `  seeded ${MEMBERS.toLocaleString('en')} members in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return tagId;
}

interface Row {
  name: string;
  ms: number;
  count?: number;
}

async function measure(database: BenchDatabase): Promise<void> {
  const handle = await database.open();
  try {
    const stackId = await bootstrapDemo(handle);
    const tagId = await seed(handle, stackId);
    await createMember(handle.db, stackId, 'reader', READER_PASSWORD);
    const server = await startBenchApp(handle, 'broadcast');
    const { app } = server;
    try {
      const admin = await signIn(app, 'admin', BENCH_ADMIN_PASSWORD);
      await setFlag({ app }, admin, stackId, 'broadcast', true);
      const reader = await memberSignIn(app, handle.db, 'demo', 'reader', READER_PASSWORD);
      const console = async (url: string, body: unknown) => {
        const res = await app.inject({
          method: 'POST',
          url: `/c/demo/platform/api/v1/broadcast_messages/${url}`,
          headers: { ...admin.bearer, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        return res.json<{ data: { id: number } }>().data;
      };
      const banners = async () => {
        const res = await app.inject({
          method: 'GET',
          url: '/c/demo/api/v2/notification/banner/',
          headers: reader.bearer,
        });
        if (res.statusCode !== 200) throw new Error(`banners answered ${res.statusCode}: ${res.body}`);
        return res.json<{ count: number }>().count;
      };

      const rows: Row[] = [];
      // Baseline: the naive fan-out, one row per member written up front.
      await sql`CREATE TEMP TABLE naive_fanout (LIKE broadcast_banner_states)`.execute(handle.db);
      let started = performance.now();
      const naive = await sql`
        INSERT INTO naive_fanout (stack_id, broadcast_id, user_id)
        SELECT stack_id, 0, id FROM community_users WHERE stack_id = ${stackId} AND status = 'active'`.execute(
        handle.db,
      );
      rows.push({
        name: 'baseline: naive fan-out, one row per member',
        ms: performance.now() - started,
        count: Number(naive.numAffectedRows ?? 0),
      });

      for (const [name, audience] of [
        ['broadcast to all: save, send, count who sees it', { audience: 'all' }],
        ['broadcast to a tag: save, send, count who sees it', { audience: 'tags', audience_tags: [tagId] }],
      ] as const) {
        started = performance.now();
        const saved = await console('save/', { name, title: name, body_text: 'Bench.', ...audience });
        await console(`${saved.id}/send/`, {});
        const count = await audienceCount(handle.db, stackId, saved.id);
        rows.push({ name, ms: performance.now() - started, count });
      }
      started = performance.now();
      const seen = await banners();
      rows.push({
        name: "a member's banner list (GET notification/banner/)",
        ms: performance.now() - started,
        count: seen,
      });

      const base = rows[0]?.ms ?? 1;
      const header = ['case', 'ms', 'ratio', 'members'];
      const body = rows.map((r) => [
        r.name,
        r.ms.toFixed(1),
        `${(r.ms / base).toFixed(2)}x`,
        r.count === undefined ? '' : r.count.toLocaleString('en'),
      ]);
      const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
      const line = (cells: string[]) =>
        cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
      globalThis.console.log(
        [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n'),
      );
      const all = rows[1]!;
      globalThis.console.log(
        `broadcast to ${all.count?.toLocaleString('en')} members fanned out in ${(all.ms / 1000).toFixed(2)} s — ` +
          `target ≤ ${TARGET_MS / 1000} s ${all.ms <= TARGET_MS && (all.count ?? 0) >= MEMBERS ? 'met' : 'NOT met'}`,
      );
    } finally {
      await server.close();
    }
  } finally {
    await handle.close();
  }
}

console.log(
  `\nBroadcasts: ${MEMBERS.toLocaleString('en')} members; one timed run per case; Node ${process.version}, ` +
    `${os.cpus().length} CPUs`,
);
await onEachDatabase('broadcast', measure);
console.log(
  '\nratio = time / the baseline of the same database (writing one row per member up front, which this ' +
    'design does not do). "members" counts, by query, the members who see the banner (the reader and the staff too).',
);
