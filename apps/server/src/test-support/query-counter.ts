import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult } from 'kysely';
import type { RootOperationNode, UnknownRow } from 'kysely';

/**
 * Counts the statements a Kysely instance sends to the database (one per round trip), so a test or
 * a bench can say how many queries a request costs: `db.withPlugin(counter)` and read `count`.
 */
export class QueryCounter implements KyselyPlugin {
  count = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count += 1;
    return Promise.resolve(args.result);
  }

  /** The statements sent while `work` runs (nothing else may use the counted instance meanwhile). */
  async during(work: () => Promise<unknown>): Promise<number> {
    const before = this.count;
    await work();
    return this.count - before;
  }
}
