import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import '../modules/activity/activity.tables.ts';
import '../modules/categories/categories.tables.ts';

type PgType = 'int' | 'bigint' | 'text' | 'bool' | 'ts';

/** Columns written by the generator, after stack_id; `ts` columns travel as epoch milliseconds. */
export const ACTIVITY_COLUMNS = {
  community_users: {
    id: 'int',
    username: 'text',
    email: 'text',
    real_name: 'text',
    created_at: 'ts',
    registered_from: 'text',
    device: 'text',
    status: 'text',
    last_login: 'ts',
    score: 'int',
  },
  categories: { id: 'int', name: 'text', slug: 'text', created_at: 'ts' },
  tags: { id: 'int', type: 'text', name: 'text', description: 'text', color: 'text', created_at: 'ts' },
  logins: { user_id: 'int', at: 'ts', source: 'text' },
  contributions: {
    id: 'bigint',
    type: 'text',
    author_id: 'int',
    category_id: 'int',
    title: 'text',
    body: 'text',
    multiple_choices: 'bool',
    created_at: 'ts',
  },
  poll_votes: { contribution_id: 'bigint', user_id: 'int', choice: 'text', created_at: 'ts' },
  comments: {
    id: 'bigint',
    contribution_id: 'bigint',
    parent_id: 'bigint',
    author_id: 'int',
    body: 'text',
    created_at: 'ts',
  },
  votes: {
    user_id: 'int',
    target_type: 'text',
    target_id: 'bigint',
    target_author_id: 'int',
    contribution_id: 'bigint',
    created_at: 'ts',
  },
  shares: {
    user_id: 'int',
    contribution_id: 'bigint',
    contribution_author_id: 'int',
    network: 'text',
    created_at: 'ts',
  },
  connections: { user_a: 'int', user_b: 'int', created_at: 'ts' },
  follows: { follower_id: 'int', followed_id: 'int', created_at: 'ts' },
  private_messages: { sender_id: 'int', recipient_id: 'int', created_at: 'ts' },
  views: { user_id: 'int', contribution_id: 'bigint', created_at: 'ts' },
  uploads: { user_id: 'int', kind: 'text', bytes: 'bigint', created_at: 'ts' },
  interests: { user_id: 'int', category_id: 'int', created_at: 'ts' },
  user_tags: { user_id: 'int', tag_id: 'int', created_at: 'ts' },
} as const satisfies Record<string, Record<string, PgType>>;

export type ActivityTable = keyof typeof ACTIVITY_COLUMNS;
export type IdKind = 'community_users' | 'contributions' | 'comments' | 'categories' | 'tags';

/** Where generated rows go: a database (ActivityWriter) or a counter (dry runs). */
export interface ActivitySink {
  /** `n` fresh ids of a table's sequence, ascending. */
  ids(kind: IdKind, n: number): Promise<number[]>;
  /** One row, values in ACTIVITY_COLUMNS order (null allowed). */
  add(table: ActivityTable, row: readonly unknown[]): void;
  /** Writes the tables whose buffers are full. */
  flushFull(): Promise<void>;
  /** Writes everything left. */
  flushAll(): Promise<void>;
  readonly counts: Record<ActivityTable, number>;
}

function emptyCounts(): Record<ActivityTable, number> {
  return Object.fromEntries(Object.keys(ACTIVITY_COLUMNS).map((t) => [t, 0])) as Record<
    ActivityTable,
    number
  >;
}

/** Counts rows and hands out consecutive ids without touching a database. */
export class CountingSink implements ActivitySink {
  readonly counts = emptyCounts();
  #next: Record<string, number> = {};
  ids(kind: IdKind, n: number): Promise<number[]> {
    const start = this.#next[kind] ?? 1;
    this.#next[kind] = start + n;
    return Promise.resolve(Array.from({ length: n }, (_, i) => start + i));
  }
  add(table: ActivityTable): void {
    this.counts[table]++;
  }
  flushFull(): Promise<void> {
    return Promise.resolve();
  }
  flushAll(): Promise<void> {
    return Promise.resolve();
  }
}

const CAST: Record<PgType, string> = {
  int: 'int4[]',
  bigint: 'int8[]',
  text: 'text[]',
  bool: 'bool[]',
  ts: 'float8[]',
};

/**
 * Buffers rows per table as column arrays and writes each buffer with one
 * `INSERT … SELECT FROM unnest($2::int4[], …)` statement: a handful of array parameters instead of
 * one parameter per value, so a statement carries tens of thousands of rows.
 */
export class ActivityWriter implements ActivitySink {
  readonly counts = emptyCounts();
  #buffers = new Map<ActivityTable, unknown[][]>();
  #sizes = new Map<ActivityTable, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly stackId: number,
    private readonly batchSize = 20000,
  ) {}

  async ids(kind: IdKind, n: number): Promise<number[]> {
    if (n <= 0) return [];
    const result = await sql<{ id: number | string }>`
      SELECT nextval(pg_get_serial_sequence(${kind}, 'id')) AS id FROM generate_series(1, ${n}::int)
    `.execute(this.db);
    return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  add(table: ActivityTable, row: readonly unknown[]): void {
    let columns = this.#buffers.get(table);
    if (!columns) {
      columns = Object.keys(ACTIVITY_COLUMNS[table]).map(() => []);
      this.#buffers.set(table, columns);
    }
    for (let i = 0; i < columns.length; i++) (columns[i] as unknown[]).push(row[i] ?? null);
    this.#sizes.set(table, (this.#sizes.get(table) ?? 0) + 1);
    this.counts[table]++;
  }

  /**
   * Starts writing the full buffers and returns once the previous write is done: the database
   * works on one batch while the generator produces the next.
   */
  async flushFull(): Promise<void> {
    await this.#inflight;
    const full = [...this.#sizes].filter(([, size]) => size >= this.batchSize).map(([table]) => table);
    this.#inflight = this.#writeDetached(full);
    // Failures surface at the next await of #inflight, not as an unhandled rejection meanwhile.
    this.#inflight.catch(() => {});
  }

  async flushAll(): Promise<void> {
    await this.#inflight;
    const rest = [...this.#sizes].filter(([, size]) => size > 0).map(([table]) => table);
    this.#inflight = this.#writeDetached(rest);
    await this.#inflight;
  }

  #inflight: Promise<void> = Promise.resolve();

  /** Takes the tables' buffers now (synchronously), writes them one after the other. */
  async #writeDetached(tables: ActivityTable[]): Promise<void> {
    const batches = tables.map((table) => {
      const columns = this.#buffers.get(table) ?? [];
      this.#buffers.delete(table);
      this.#sizes.set(table, 0);
      return [table, columns] as const;
    });
    for (const [table, columns] of batches) await this.#write(table, columns);
  }

  async #write(table: ActivityTable, columns: unknown[][]): Promise<void> {
    if (columns.length === 0) return;
    const spec = Object.entries(ACTIVITY_COLUMNS[table]) as [string, PgType][];
    const names = spec.map(([name]) => name);
    const selected = spec.map(([name, type]) =>
      type === 'ts' ? `to_timestamp(u.${name} / 1000.0)` : `u.${name}`,
    );
    const params = columns.map(
      (values, i) => sql`${values}::${sql.raw(CAST[(spec[i] as [string, PgType])[1]])}`,
    );
    await sql`
      INSERT INTO ${sql.table(table)} (stack_id, ${sql.raw(names.join(', '))})
      SELECT ${this.stackId}::int, ${sql.raw(selected.join(', '))}
      FROM unnest(${sql.join(params)}) AS u(${sql.raw(names.join(', '))})
    `.execute(this.db);
  }
}
