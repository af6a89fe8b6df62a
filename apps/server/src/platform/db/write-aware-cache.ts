import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult } from 'kysely';
import type { RootOperationNode, UnknownRow } from 'kysely';
import type { Db } from './database.ts';
import type { CommittedWrites, WriteNotice } from './committed-writes.ts';
import { rawTextIn, sqlNamesTable, tablesNamedIn } from './table-names.ts';

export interface WriteAwareCacheOptions<V> {
  /** This process's committed writes: any that names a table a fill read empties the cache. */
  writes: CommittedWrites;
  /**
   * How long an entry may be served, in real milliseconds: the bound on how late a write made by
   * another process (which this one is not told of) is seen.
   */
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries: number;
  /** The time that values are judged by (the app's clock). */
  now(): Date;
  /**
   * Whether to keep a value, and until when it stays true by the passing of time alone (a token's
   * expiry, a ban's end): undefined keeps nothing.
   */
  keepUntil(value: V, now: Date): Date | undefined;
  /** Real time in milliseconds (monotonic); injectable for tests. */
  monotonicMs?: () => number;
}

interface Entry<V> {
  value: V;
  freshUntilMs: number;
  validUntil: number;
}

/**
 * Records the tables named by the statements of a Kysely instance it is plugged into, and the text of
 * their raw SQL fragments (a table named inside one is found by name when a write comes).
 */
class TablesRead implements KyselyPlugin {
  readonly tables = new Set<string>();
  readonly rawText = new Set<string>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    tablesNamedIn(args.node, this.tables);
    const raw = rawTextIn(args.node);
    if (raw) this.rawText.add(raw);
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/**
 * A read-through cache of values derived from the database, emptied by this process's own writes
 * and bounded in age for everyone else's (ADR 0015):
 *
 * - the fill runs on `reader` (a view of the database that records which tables the fill's
 *   statements name); a committed write naming any of them empties the cache, so the very next call
 *   in this process reads again — no writer has to remember to invalidate;
 * - a fill that was running when such a write was published is not kept (a generation counter), since
 *   it may have read the state before the write; callers that miss the same key together share one
 *   fill, unless a write came between them;
 * - an entry is served for at most `ttlMs` of real time (writes from other processes) and never past
 *   the moment its own value says it stops being true (`keepUntil`).
 */
export class WriteAwareCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  /** Fills under way, by key: callers that miss together share one read (no stampede at expiry). */
  readonly #filling = new Map<string, { generation: number; value: Promise<V> }>();
  readonly #tablesRead = new TablesRead();
  readonly #options: WriteAwareCacheOptions<V>;
  readonly #monotonic: () => number;
  #generation = 0;
  readonly unsubscribe: () => void;

  constructor(options: WriteAwareCacheOptions<V>) {
    this.#options = options;
    this.#monotonic = options.monotonicMs ?? (() => performance.now());
    this.unsubscribe = options.writes.subscribe((notice) => this.#onWrite(notice));
  }

  /** `db`, recording the tables its statements name: fills must read through it. */
  reader(db: Db): Db {
    return db.withPlugin(this.#tablesRead);
  }

  /** The cached value for `key`, or the value `fill` reads now (kept when nothing wrote meanwhile). */
  async get(key: string, fill: () => Promise<V>): Promise<V> {
    const now = this.#options.now();
    const entry = this.#entries.get(key);
    if (entry) {
      if (entry.freshUntilMs > this.#monotonic() && entry.validUntil > now.getTime()) return entry.value;
      this.#entries.delete(key);
    }
    const generation = this.#generation;
    // A fill that started before the last relevant write may have read the state before it: not shared.
    const running = this.#filling.get(key);
    if (running && running.generation === generation) return running.value;
    const value = this.#fill(key, fill, generation, now);
    this.#filling.set(key, { generation, value });
    try {
      return await value;
    } finally {
      if (this.#filling.get(key)?.value === value) this.#filling.delete(key);
    }
  }

  async #fill(key: string, fill: () => Promise<V>, generation: number, now: Date): Promise<V> {
    const readAtMs = this.#monotonic();
    const value = await fill();
    const until = this.#options.keepUntil(value, now);
    if (until && generation === this.#generation) this.#keep(key, value, until, readAtMs);
    return value;
  }

  /** Entries held now (for tests and diagnostics). */
  get size(): number {
    return this.#entries.size;
  }

  /** Keeps `value`, fresh for the time to live counted from when its read began. */
  #keep(key: string, value: V, until: Date, readAtMs: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, {
      value,
      freshUntilMs: readAtMs + this.#options.ttlMs,
      validUntil: until.getTime(),
    });
    while (this.#entries.size > this.#options.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  #onWrite(notice: WriteNotice): void {
    if (!this.#touchesWhatWeRead(notice)) return;
    this.#generation += 1;
    this.#entries.clear();
  }

  #touchesWhatWeRead(notice: WriteNotice): boolean {
    const { tables: read, rawText } = this.#tablesRead;
    for (const table of notice.tables) {
      if (read.has(table)) return true;
      for (const text of rawText) if (sqlNamesTable(text, table)) return true;
    }
    for (const text of notice.rawSql) {
      for (const table of read) if (sqlNamesTable(text, table)) return true;
      // A raw write against raw reads: which tables either names cannot be told apart; assume it does.
      if (rawText.size > 0) return true;
    }
    return false;
  }
}
