/**
 * Feed benchmark (issue 13 §2; design.md §6: timings live here, never in tests). Seeds a community of
 * 100 000 members and 350 000 contributions (with votes and comments) by set-based SQL, then times the
 * member API's feed pages (`GET /c/demo/api/v2/feed/…` through app.inject, with a member's token) for
 * a member who follows 10 categories, 50 people and has 20 connections, beside a baseline measured in
 * the same run: the naive hand-written statement of the same home page (newest first, one OR query).
 * Target: a home feed page in ≤ 50 ms. Then the member site's server-rendered home and contribution
 * pages as a visitor (issue 18 §4: ≤ 100 ms at p99 on PostgreSQL), beside a bare Fastify answer.
 *
 * Databases: PGlite in a temporary directory, then PostgreSQL — BENCH_DATABASE_URL's server (a fresh
 * database created and dropped) or a throw-away cluster (bench/throwaway-postgres.ts);
 * BENCH_POSTGRES=off skips it, BENCH_PGLITE=off skips PGlite. Settings: BENCH_FEED_MEMBERS (100000), BENCH_FEED_CONTENTS (350000),
 * BENCH_REPEAT (timed runs per feed case, default 20; median and p95 printed) after BENCH_WARMUP
 * untimed ones (default 10, one per pooled connection; the first, cold run is printed too),
 * BENCH_PAGE_REPEAT (timed runs per rendered page, default 300; p50 and p99 printed).
 */
import os from 'node:os';
import Fastify from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { DatabaseHandle } from '../apps/server/src/platform/db/database.ts';
import { createMember, memberSignIn } from '../apps/server/src/test-support/fixtures.ts';
import { bootstrapDemo, startBenchApp } from './bench-community.ts';
import { integerSetting, onEachDatabase, type BenchDatabase } from './bench-databases.ts';

const MEMBERS = integerSetting('BENCH_FEED_MEMBERS', 100_000);
const CONTENTS = integerSetting('BENCH_FEED_CONTENTS', 350_000);
const REPEAT = integerSetting('BENCH_REPEAT', 20);
/**
 * Untimed runs before each feed case: as many as the server's pool holds PostgreSQL connections (10).
 * A new PostgreSQL backend pays a page fault at its first touch of each shared buffer page (a home
 * count: about 80 ms on a fresh connection, 12 ms after; ADR 0044); a server in service keeps its
 * pooled connections, so the median is of warm ones. The first, cold run is printed beside it.
 */
const WARMUP = integerSetting('BENCH_WARMUP', 10);
/** A p99 needs a few hundred samples: the rendered pages are timed this many times each. */
const PAGE_REPEAT = integerSetting('BENCH_PAGE_REPEAT', 300);
const CATEGORIES = 100;
const FOLLOWED_CATEGORIES = 10;
const FOLLOWED_PEOPLE = 50;
const CONNECTIONS = 20;
const TARGET_MS = 50;
/** Issue 18 §4: a server-rendered contribution page in ≤ 100 ms at p99 on PostgreSQL. */
const PAGE_TARGET_MS = 100;
const READER_PASSWORD = 'reader-password-1';

/** Members, categories, contents, votes and comments, in a few statements (triggers off, keys after). */
async function seed(
  handle: DatabaseHandle,
  stackId: number,
): Promise<{ readerId: number; categoryIds: number[] }> {
  const started = performance.now();
  const { db } = handle;
  await db.transaction().execute(async (trx) => {
    // The feed keys' triggers would run once per vote and comment: computed once, set-based, below.
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`
      INSERT INTO community_users (stack_id, username, email, created_at, status)
      SELECT ${stackId}, 'member' || g, 'member' || g || '@bench.test', now() - (g % 730) * interval '1 day',
             CASE WHEN g % 500 = 0 THEN 'deleted' ELSE 'active' END
        FROM generate_series(1, ${MEMBERS}::int) g`.execute(trx);
    await sql`
      INSERT INTO categories (stack_id, name, slug)
      SELECT ${stackId}, 'Category ' || g, 'category-' || g FROM generate_series(1, ${CATEGORIES}::int) g`.execute(
      trx,
    );
    // Authors, categories and targets by multiplicative hashing over contiguous ids (deterministic, well
    // spread); a year of contents, then two votes and one comment per content on average, after it.
    const first = async (
      table: 'community_users' | 'categories' | 'contributions',
      column: string,
      like: string,
    ) =>
      (
        await sql<{ lo: number; n: number }>`
          SELECT min(id)::int AS lo, count(*)::int AS n FROM ${sql.table(table)}
           WHERE stack_id = ${stackId} AND ${sql.ref(column)} LIKE ${like}`.execute(trx)
      ).rows[0] as { lo: number; n: number };
    const users = await first('community_users', 'username', 'member%');
    const userId = (factor: number) => sql`${users.lo}::int + ((g::bigint * ${factor}) % ${MEMBERS})::int`;
    const cats = await first('categories', 'slug', 'category-%');
    await sql`
      INSERT INTO contributions (stack_id, type, author_id, category_id, title, body, status, created_at,
                                 last_activity_at, relevance)
      SELECT ${stackId}, (ARRAY['post', 'discussion', 'status'])[1 + g % 3], ${userId(7919)},
             ${cats.lo}::int + ((g::bigint * 104729) % ${CATEGORIES})::int,
             'Title ' || g, '<p>Contribution ' || g || '</p>',
             -- About 1 % deleted, spread over every category (a step of 100 would empty one category).
             CASE WHEN g % 97 = 0 THEN 'deleted' ELSE 'published' END, t.at, t.at, feed_relevance(0, t.at)
        FROM generate_series(1, ${CONTENTS}::int) g,
             LATERAL (SELECT now() - ((g::bigint * 6151) % 31536000) * interval '1 second' AS at) t`.execute(
      trx,
    );
    const contents = await first('contributions', 'title', 'Title %');
    const target = (spread: RawBuilder<unknown>) => sql`${contents.lo}::bigint + (${spread}) % ${CONTENTS}`;
    await sql`
      INSERT INTO votes (stack_id, user_id, target_type, target_id, target_author_id, contribution_id, created_at)
      SELECT ${stackId}, ${userId(31)}, 'contribution', x.id, x.author_id, x.id,
             x.created_at + (g % 72) * interval '1 hour'
        FROM generate_series(1, ${CONTENTS * 2}::int) g
        JOIN contributions x ON x.stack_id = ${stackId} AND x.id = ${target(sql`g::bigint * g::bigint`)}`.execute(
      trx,
    );
    await sql`
      INSERT INTO comments (stack_id, contribution_id, author_id, body, created_at)
      SELECT ${stackId}, x.id, ${userId(53)}, '<p>Comment</p>', x.created_at + (g % 96) * interval '1 hour'
        FROM generate_series(1, ${CONTENTS}::int) g
        JOIN contributions x ON x.stack_id = ${stackId} AND x.id = ${target(sql`g::bigint * 9973`)}`.execute(
      trx,
    );
    // The keys the triggers keep, as migration 0025 computes them.
    await sql`
      UPDATE contributions c
         SET last_activity_at = greatest(c.created_at, a.at), relevance = feed_relevance(a.n::bigint, c.created_at)
        FROM (
          SELECT contribution_id, sum(n) AS n, max(at) AS at FROM (
            SELECT contribution_id, count(*) AS n, max(created_at) AS at FROM votes
             WHERE stack_id = ${stackId} GROUP BY contribution_id
            UNION ALL
            SELECT contribution_id, 2 * count(*), max(created_at) FROM comments
             WHERE stack_id = ${stackId} GROUP BY contribution_id
          ) parts GROUP BY contribution_id
        ) a
       WHERE c.stack_id = ${stackId} AND c.id = a.contribution_id`.execute(trx);
    // The tallies the contributions' trigger keeps, as migration 0047 computes them.
    await sql`DELETE FROM contribution_tallies WHERE stack_id = ${stackId}`.execute(trx);
    await sql`
      INSERT INTO contribution_tallies (stack_id, category_key, type, status, n)
      SELECT stack_id, coalesce(category_id, 0), type, status, count(*)
        FROM contributions WHERE stack_id = ${stackId} GROUP BY 1, 2, 3, 4`.execute(trx);
    // Some contents hidden by moderators.
    await sql`
      INSERT INTO content_moderation (stack_id, content_type, content_id, status)
      SELECT stack_id, type, id, 'hidden' FROM contributions WHERE stack_id = ${stackId} AND id % 250 = 7`.execute(
      trx,
    );
  });
  const readerId = await createMember(db, stackId, 'reader', READER_PASSWORD);
  const categoryIds =
    // The bench's own categories (the community's default one holds none of the seeded contents).
    (
      await sql<{ id: number }>`
      SELECT id FROM categories WHERE stack_id = ${stackId} AND slug LIKE 'category-%' ORDER BY id`.execute(
        db,
      )
    ).rows.map((r) => r.id);
  const people = (
    await sql<{ id: number }>`
      SELECT id FROM community_users WHERE stack_id = ${stackId} AND username LIKE 'member%' AND status = 'active'
       ORDER BY id LIMIT ${FOLLOWED_PEOPLE + CONNECTIONS}`.execute(db)
  ).rows.map((r) => r.id);
  await sql`
    INSERT INTO interests (stack_id, user_id, category_id, created_at)
    SELECT ${stackId}, ${readerId}::int, id, now() FROM unnest(${categoryIds.slice(0, FOLLOWED_CATEGORIES)}::int[]) id`.execute(
    db,
  );
  await sql`
    INSERT INTO follows (stack_id, follower_id, followed_id, created_at)
    SELECT ${stackId}, ${readerId}::int, id, now() FROM unnest(${people.slice(0, FOLLOWED_PEOPLE)}::int[]) id`.execute(
    db,
  );
  await sql`
    INSERT INTO connections (stack_id, user_a, user_b, created_at)
    SELECT ${stackId}, least(${readerId}::int, id), greatest(${readerId}::int, id), now()
      FROM unnest(${people.slice(FOLLOWED_PEOPLE)}::int[]) id`.execute(db);
  // Members follow each other here and connect too: both relations feed the home page.
  await sql`
    INSERT INTO dynamic_preferences (stack_id, name, section, value, updated_at)
    VALUES (${stackId}, 'follow_enabled', 'configurations', 'true', now()),
           (${stackId}, 'connection_enabled', 'configurations', 'true', now())
    ON CONFLICT (stack_id, name) DO UPDATE SET value = excluded.value`.execute(db);
  // A bulk load leaves no visibility map yet; autovacuum writes it on a live database, and the feed's
  // count (an index-only scan, migration 0029) reads it.
  await sql`VACUUM ANALYZE`.execute(db);
  const counts = (
    await sql<{ c: number; v: number; k: number }>`
      SELECT (SELECT count(*)::int FROM contributions WHERE stack_id = ${stackId}) AS c,
             (SELECT count(*)::int FROM votes WHERE stack_id = ${stackId}) AS v,
             (SELECT count(*)::int FROM comments WHERE stack_id = ${stackId}) AS k`.execute(db)
  ).rows[0];
  console.log(
    `  seeded ${MEMBERS.toLocaleString('en')} members, ${counts?.c.toLocaleString('en')} contributions, ` +
      `${counts?.v.toLocaleString('en')} votes, ${counts?.k.toLocaleString('en')} comments in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { readerId, categoryIds };
}

interface Row {
  name: string;
  /** The first run of the case, before any warm-up. */
  first?: number;
  median: number;
  p95: number;
  p99: number;
  count?: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? 0;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.99) - 1] ?? 0;

/** The times of `repeat` runs after `warmup` untimed ones, and the time of the very first run. */
async function timed(
  run: () => Promise<unknown>,
  repeat = REPEAT,
  warmup = 1,
): Promise<{ first: number; times: number[] }> {
  const clock = async () => {
    const start = performance.now();
    await run();
    return performance.now() - start;
  };
  const first = await clock();
  for (let i = 1; i < warmup; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) times.push(await clock());
  return { first, times };
}

async function measure(database: BenchDatabase): Promise<void> {
  const handle = await database.open();
  try {
    const stackId = await bootstrapDemo(handle);
    const { readerId, categoryIds } = await seed(handle, stackId);
    const server = await startBenchApp(handle, 'feed');
    const { app } = server;
    try {
      const reader = await memberSignIn(app, handle.db, 'demo', 'reader', READER_PASSWORD);
      const get = async (url: string) => {
        const res = await app.inject({ method: 'GET', url: `/c/demo/api/v2${url}`, headers: reader.bearer });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        return res.json<{ count?: number; total?: number }>();
      };
      const followed = categoryIds.slice(0, FOLLOWED_CATEGORIES);
      const people = (
        await sql<{ id: number }>`
          SELECT followed_id AS id FROM follows WHERE stack_id = ${stackId} AND follower_id = ${readerId}
          UNION SELECT user_a FROM connections WHERE stack_id = ${stackId} AND user_b = ${readerId}
          UNION SELECT user_b FROM connections WHERE stack_id = ${stackId} AND user_a = ${readerId}`.execute(
          handle.db,
        )
      ).rows.map((r) => r.id);
      const baseline = () =>
        sql`
          SELECT id FROM contributions
           WHERE stack_id = ${stackId} AND status = 'published'
             AND (category_id = ANY(${followed}::int[]) OR author_id = ANY(${[...people, readerId]}::int[]))
           ORDER BY created_at DESC, id DESC LIMIT 20`.execute(handle.db);

      const rows: Row[] = [];
      const add = async (name: string, run: () => Promise<unknown>, count?: () => Promise<number>) => {
        const { first, times } = await timed(run, REPEAT, WARMUP);
        rows.push({
          name,
          first,
          median: median(times),
          p95: p95(times),
          p99: p99(times),
          ...(count ? { count: await count() } : {}),
        });
      };
      await add('baseline: naive SQL, home page 1 (recent, no checks)', baseline);
      const home = (query: string) => async () => (await get(`/feed/?limit=20${query}`)).count ?? 0;
      await add('GET feed/ page 1 (default: recent, medium boost)', home(''), home(''));
      await add('GET feed/ page 11 (offset 200)', home('&offset=200'));
      await add('GET feed/?ordering=last_activity page 1', home('&ordering=last_activity'));
      await add('GET feed/?ordering=relevance page 1', home('&ordering=relevance'));
      const explore = async () => (await get('/feed/explore/?limit=20')).count ?? 0;
      await add('GET feed/explore/ page 1 (relevance)', explore, explore);
      await add('GET feed/unseen/count/', async () => (await get('/feed/unseen/count/')).total ?? 0);
      const category = async () => (await get(`/category/${followed[0]}/feed/?limit=20`)).count ?? 0;
      await add('GET category/{id}/feed/ page 1', category, category);

      const base = rows[0]?.median ?? 1;
      const header = ['case', 'first (cold) ms', 'median ms', 'p95 ms', 'ratio', 'contents'];
      const body = rows.map((r) => [
        r.name,
        r.first === undefined ? '' : r.first.toFixed(1),
        r.median.toFixed(1),
        r.p95.toFixed(1),
        `${(r.median / base).toFixed(1)}x`,
        r.count === undefined ? '' : r.count.toLocaleString('en'),
      ]);
      const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
      const line = (cells: string[]) =>
        cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
      console.log([line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n'));
      const homeRows = rows.filter((r) => r.name.startsWith('GET feed/ page'));
      const worst = Math.max(...homeRows.map((r) => r.median));
      console.log(
        `home feed page (${FOLLOWED_CATEGORIES} categories, ${FOLLOWED_PEOPLE} follows, ${CONNECTIONS} connections): ` +
          `median ≤ ${worst.toFixed(1)} ms — target ≤ ${TARGET_MS} ms ${worst <= TARGET_MS ? 'met' : 'NOT met'}`,
      );

      // The member site's server-rendered pages (issue 18 §4), as a visitor, beside a bare Fastify
      // answer through the same inject path in the same run.
      const hello = Fastify({ logger: false });
      hello.get('/', async () => ({ hello: 'world' }));
      await hello.ready();
      const page = async (url: string) => {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html', 'accept-language': 'en' },
        });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
        return res.body.length;
      };
      const first = (
        await sql<{ id: number; type: string }>`
          SELECT c.id, c.type FROM contributions c
            JOIN (SELECT contribution_id, count(*) AS n FROM comments WHERE stack_id = ${stackId}
                   GROUP BY contribution_id) m ON m.contribution_id = c.id
           WHERE c.stack_id = ${stackId} AND c.status = 'published' AND c.type IN ('discussion', 'post', 'status')
           ORDER BY m.n DESC, c.id LIMIT 1`.execute(handle.db)
      ).rows[0];
      const pages: Row[] = [];
      const addPage = async (name: string, run: () => Promise<unknown>) => {
        const { times } = await timed(run, PAGE_REPEAT);
        pages.push({ name, median: median(times), p95: p95(times), p99: p99(times) });
      };
      await addPage('bare Fastify: GET / (inject)', () => hello.inject({ method: 'GET', url: '/' }));
      await addPage('rendered home page /c/demo/ (visitor)', () => page('/c/demo/'));
      if (first)
        await addPage(`rendered ${first.type} page with its comments`, () =>
          page(`/c/demo/${first.type}/${first.id}/`),
        );
      await hello.close();
      const hello50 = pages[0]?.median ?? 1;
      const pageHeader = ['member site page', 'p50 ms', 'p99 ms', 'vs bare Fastify'];
      const pageBody = pages.map((r) => [
        r.name,
        r.median.toFixed(1),
        r.p99.toFixed(1),
        `${(r.median / hello50).toFixed(0)}x`,
      ]);
      const pageWidths = pageHeader.map((h, i) =>
        Math.max(h.length, ...pageBody.map((b) => (b[i] ?? '').length)),
      );
      const pageLine = (cells: string[]) =>
        cells
          .map((c, i) => (i === 0 ? c.padEnd(pageWidths[i] ?? 0) : c.padStart(pageWidths[i] ?? 0)))
          .join('  ');
      console.log(
        `\n${[pageLine(pageHeader), pageWidths.map((w) => '-'.repeat(w)).join('  '), ...pageBody.map(pageLine)].join('\n')}`,
      );
      const post = pages[2];
      if (post) {
        console.log(
          `rendered contribution page: p99 ${post.p99.toFixed(1)} ms — target ≤ ${PAGE_TARGET_MS} ms on PostgreSQL ` +
            `${post.p99 <= PAGE_TARGET_MS ? 'met' : 'NOT met'} here`,
        );
      }
    } finally {
      await server.close();
    }
  } finally {
    await handle.close();
  }
}

console.log(
  `\nFeeds: ${MEMBERS.toLocaleString('en')} members, ${CONTENTS.toLocaleString('en')} contributions; ` +
    `median and p95 of ${REPEAT} runs after ${WARMUP} warm-up runs (pages: p50 and p99 of ${PAGE_REPEAT} after one); Node ${process.version}, ${os.cpus().length} CPUs`,
);
await onEachDatabase('feed', measure);
console.log(
  '\nratio = median / the baseline of the same database (the naive statement of the same page, without the ' +
    'visibility rules, the boost or the page envelope). Compare ratios, not absolute numbers.',
);
