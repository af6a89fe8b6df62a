/**
 * `npm run seed -- --users N --days D --seed S [--community slug] [--end YYYY-MM-DD] [--force]`
 *
 * Fills one community's activity tables with the deterministic generator, on the database of the
 * server's configuration (DATABASE_URL, or PGlite in DATA_DIR/pglite). Refuses a community that
 * already has members or activity unless --force, which deletes that activity first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../platform/config/config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { deleteActivity, generateActivity, hasActivity } from './activity-generator.ts';

const USAGE = `Usage: npm run seed -- [--users N] [--days D] [--seed S] [--community slug] [--end YYYY-MM-DD] [--force]
  --users      members to create (default 1000)
  --days       length of the period in days (default 365)
  --seed       PRNG seed: the same seed gives the same rows (default 42)
  --community  slug of the community (default demo)
  --end        last day of the period, UTC (default: now); set it for reproducible rows
  --force      delete the community's existing activity first`;

function integer(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new UsageError(`--${name} must be an integer (got ${raw})`);
  return value;
}

class UsageError extends Error {}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        users: { type: 'string' },
        days: { type: 'string' },
        seed: { type: 'string' },
        community: { type: 'string', default: 'demo' },
        end: { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(USAGE);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }

  let users: number, days: number, seed: number, endDate: Date;
  let config;
  try {
    users = integer('users', args.users, 1000);
    days = integer('days', args.days, 365);
    seed = integer('seed', args.seed, 42);
    if (args.end !== undefined) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(args.end) || Number.isNaN(Date.parse(`${args.end}T00:00:00Z`))) {
        throw new UsageError(`--end must be a date YYYY-MM-DD (got ${args.end})`);
      }
      // The period ends at the end of that day.
      endDate = new Date(Date.parse(`${args.end}T00:00:00Z`) + 86_400_000);
    } else {
      endDate = new Date();
    }
    config = loadConfig();
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(error.message);
      if (error instanceof UsageError) console.error(USAGE);
      return 2;
    }
    throw error;
  }

  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const stack = await handle.db
      .selectFrom('stacks')
      .select(['id', 'name'])
      .where('slug', '=', args.community)
      .executeTakeFirst();
    if (!stack) {
      console.error(
        `No community with the slug "${args.community}" (start the server once to create "demo").`,
      );
      return 1;
    }
    if (await hasActivity(handle.db, stack.id)) {
      if (!args.force) {
        console.error(
          `The community "${args.community}" already has members or activity; run again with --force to replace them.`,
        );
        return 1;
      }
      const started = performance.now();
      await deleteActivity(handle.db, stack.id);
      console.log(
        `Deleted the existing activity of "${args.community}" in ${fmtMs(performance.now() - started)}`,
      );
    }
    const where =
      handle.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL';
    console.log(
      `Generating ${users} members over ${days} days (seed ${seed}, until ${endDate.toISOString()}) for "${args.community}" on ${where}…`,
    );
    let lastReport = performance.now();
    const result = await generateActivity(handle.db, stack.id, {
      users,
      days,
      seed,
      endDate,
      onProgress: (day, total, rows) => {
        const now = performance.now();
        if (now - lastReport > 5000 && process.stdout.isTTY) {
          lastReport = now;
          console.log(`  day ${day}/${total}: ${rows.toLocaleString('en')} rows`);
        }
      },
    });
    const width = Math.max(...Object.keys(result.counts).map((k) => k.length));
    for (const [table, count] of Object.entries(result.counts)) {
      console.log(`  ${table.padEnd(width)}  ${count.toLocaleString('en').padStart(12)}`);
    }
    console.log(
      `${result.rows.toLocaleString('en')} rows (${result.events.toLocaleString('en')} events) from ${result.start
        .toISOString()
        .slice(
          0,
          10,
        )} in ${fmtMs(result.ms)} (${Math.round(result.rows / (result.ms / 1000)).toLocaleString('en')} rows/s)`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

function fmtMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Seeding failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
