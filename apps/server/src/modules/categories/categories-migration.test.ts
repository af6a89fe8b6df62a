import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../platform/db/migrations/index.ts';

// Migration 0021 grows the minimal categories of 0006 into the real ones: the rows that exist before
// it (the seed's, a community's) must all be there after it, ordered, enabled, with unique permalinks.

let db: Kysely<unknown>;

async function migrateUpTo(last: string) {
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => before },
    migrationTableName: 'agora_migrations',
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

beforeAll(async () => {
  const pglite = await PGlite.create('memory://');
  db = new Kysely({
    dialect: new PostgresDialect({ pool: new pg.Pool(createPgConfig(pglite) as pg.PoolConfig) }),
  });
});
afterAll(() => db.destroy());

describe('migration 0021 (categories)', () => {
  it('keeps every existing category, in creation order, enabled, with unique permalinks', async () => {
    await migrateUpTo('0020-rate-limits');
    await sql`INSERT INTO stacks (slug, name) VALUES ('one', 'One'), ('two', 'Two')`.execute(db);
    await sql`
      INSERT INTO categories (stack_id, name, slug, created_at)
      SELECT s.id, c.name, c.slug, c.at::timestamptz
        FROM stacks s,
             (VALUES ('News', 'news', '2024-01-01'), ('Help', 'help', '2024-01-02'),
                     ('News again', 'news', '2024-01-03')) AS c (name, slug, at)
       WHERE s.slug = 'one'`.execute(db);
    await sql`INSERT INTO categories (stack_id, name, slug) SELECT id, 'News', 'news' FROM stacks WHERE slug = 'two'`.execute(
      db,
    );
    await migrateUpTo('0021-categories');
    const rows = await sql<{
      stack: string;
      name: string;
      slug: string;
      position: number;
      active: boolean;
      deleted: boolean;
      auto_follow: string;
      same_dates: boolean;
    }>`
      SELECT s.slug AS stack, c.name, c.slug, c.position, c.active, c.deleted, c.auto_follow,
             c.updated_at = c.created_at AS same_dates
        FROM categories c JOIN stacks s ON s.id = c.stack_id
       ORDER BY s.slug, c.position`.execute(db);
    expect(rows.rows.map((r) => [r.stack, r.name, r.position])).toEqual([
      ['one', 'News', 1],
      ['one', 'Help', 2],
      ['one', 'News again', 3],
      ['two', 'News', 1],
    ]);
    expect(rows.rows.every((r) => r.active && !r.deleted && r.auto_follow === 'none' && r.same_dates)).toBe(
      true,
    );
    const slugs = rows.rows.map((r) => r.slug);
    expect(slugs[0]).toBe('news');
    expect(slugs[2]).toMatch(/^news-\d+$/);
    expect(slugs[3]).toBe('news');
    // From now on the database itself refuses a second permalink in one community.
    await expect(
      sql`INSERT INTO categories (stack_id, name, slug) SELECT id, 'Dup', 'help' FROM stacks WHERE slug = 'one'`.execute(
        db,
      ),
    ).rejects.toThrow();
  });
});
