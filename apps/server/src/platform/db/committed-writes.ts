import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  SelectQueryNode,
  TransactionSettings,
} from 'kysely';
import { rawSqlMayWrite, tablesNamedIn, writesData } from './table-names.ts';

/**
 * What one connection wrote between taking it from the pool and giving it back: the tables its
 * statements changed, and the text of raw statements that may have written tables we cannot name.
 * Published when the connection is released, that is after its transaction committed (or rolled
 * back), so a reader that starts after the notice sees the write.
 */
export interface WriteNotice {
  readonly tables: ReadonlySet<string>;
  readonly rawSql: readonly string[];
}

export type WriteListener = (notice: WriteNotice) => void;

/** The writes this process made, told to whoever keeps something derived from the database. */
export class CommittedWrites {
  readonly #listeners = new Set<WriteListener>();

  /** Calls `listener` after every released connection that wrote; returns the unsubscribe. */
  subscribe(listener: WriteListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  publish(notice: WriteNotice): void {
    for (const listener of this.#listeners) listener(notice);
  }
}

/**
 * Whether a SELECT changes data: PostgreSQL allows a data-modifying statement only in a WITH at the
 * top level, so only that clause is searched (a page's reads are not walked node by node).
 */
function selectWrites(node: SelectQueryNode): boolean {
  return node.with !== undefined && writesData(node.with);
}

/** A connection that notes what its statements write, for its driver to publish at release. */
class NotingConnection implements DatabaseConnection {
  tables = new Set<string>();
  rawSql: string[] = [];

  constructor(readonly inner: DatabaseConnection) {}

  #note(compiled: CompiledQuery): void {
    const node = compiled.query;
    if (node.kind === 'RawNode') {
      if (rawSqlMayWrite(compiled.sql)) this.rawSql.push(compiled.sql);
    } else if (node.kind !== 'SelectQueryNode' || selectWrites(node as SelectQueryNode)) {
      // Inserts, updates, deletes and merges; schema changes too (they name their table).
      tablesNamedIn(node, this.tables);
    }
  }

  get wrote(): boolean {
    return this.tables.size > 0 || this.rawSql.length > 0;
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    this.#note(compiled);
    return this.inner.executeQuery<R>(compiled);
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.#note(compiled);
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

const unwrap = (connection: DatabaseConnection): DatabaseConnection =>
  connection instanceof NotingConnection ? connection.inner : connection;

/** A driver that hands out noting connections and publishes their writes when they come back. */
class WriteNoticeDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly writes: CommittedWrites,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new NotingConnection(await this.inner.acquireConnection());
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(unwrap(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(unwrap(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(unwrap(connection));
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.savepoint?.(unwrap(connection), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.rollbackToSavepoint?.(unwrap(connection), name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.releaseSavepoint?.(unwrap(connection), name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(unwrap(connection));
    if (connection instanceof NotingConnection && connection.wrote) {
      this.writes.publish({ tables: connection.tables, rawSql: connection.rawSql });
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `dialect`, with every write it carries published to `writes` once its connection is released. */
export function publishingWrites(dialect: Dialect, writes: CommittedWrites): Dialect {
  return {
    createDriver: (): Driver => new WriteNoticeDriver(dialect.createDriver(), writes),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}
