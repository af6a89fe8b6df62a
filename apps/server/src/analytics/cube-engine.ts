import { CompiledQuery } from 'kysely';
import type { CubeAnnotation, CubeMetaAnswer, CubeQuery, CubeRow } from '@agora/contract';
import type { Db } from '../platform/db/database.ts';
import type { Clock } from '../platform/clock.ts';
import {
  loadCubeModel,
  memberVisible,
  type CubeModel,
  type ModelDimension,
  type ModelMeasure,
} from './cube-model.ts';
import {
  compileCubeQuery,
  CubeQueryError,
  type CompiledCubeQuery,
  type NormalizedQuery,
} from './cube-compiler.ts';
import { DateRangeError, isValidTimezone, resolveDateRange } from './date-ranges.ts';

/** One result in Cube's /load format. */
export interface CubeResult {
  query: NormalizedQuery;
  data: CubeRow[];
  lastRefreshTime: string;
  annotation: CubeAnnotation;
  dataSource: 'default';
  dbType: 'postgres';
  extDbType: 'cubestore';
  external: false;
  slowQuery: false;
  total?: number;
}

export interface CubeMultiAnswer {
  queryType: 'regularQuery' | 'compareDateRangeQuery';
  results: CubeResult[];
  pivotQuery: Record<string, unknown>;
  slowQuery: false;
}

export interface CubeEngine {
  model: CubeModel;
  /** Compiles without running (tests and the README's examples); `roles` feed the access policies. */
  compile(query: CubeQuery, stackId: number, roles?: readonly string[]): CompiledCubeQuery;
  /** Runs a query for one community; compareDateRange gives one result per range. */
  load(query: CubeQuery, stackId: number, roles?: readonly string[]): Promise<CubeMultiAnswer>;
  /** The model as the caller may see it: members hidden from `roles` are left out. */
  meta(roles?: readonly string[]): CubeMetaAnswer;
}

function measureAnnotation(model: CubeModel, m: ModelMeasure) {
  const cubeTitle = model.cubes.get(m.cube)?.title ?? m.cube;
  return {
    title: `${cubeTitle} ${m.title}`,
    shortTitle: m.title,
    type: 'number',
    drillMembers: [] as string[],
    drillMembersGrouped: { measures: [] as string[], dimensions: [] as string[] },
  };
}
function dimensionAnnotation(model: CubeModel, d: ModelDimension) {
  const cubeTitle = model.cubes.get(d.cube)?.title ?? d.cube;
  return { title: `${cubeTitle} ${d.title}`, shortTitle: d.title, type: d.type };
}

const GRANULARITY_TITLES: Record<string, string> = {
  second: 'second',
  minute: 'minute',
  hour: 'hour',
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

function annotationOf(model: CubeModel, compiled: CompiledCubeQuery): CubeAnnotation {
  const annotation: CubeAnnotation = { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} };
  for (const m of compiled.measures) annotation.measures[m.path] = measureAnnotation(model, m);
  for (const d of compiled.dimensions) annotation.dimensions[d.path] = dimensionAnnotation(model, d);
  for (const td of compiled.timeDimensions) {
    if (!td.granularity) continue;
    const base = dimensionAnnotation(model, td.dimension);
    annotation.timeDimensions[`${td.dimension.path}.${td.granularity}`] = {
      ...base,
      title: `${base.title} (${GRANULARITY_TITLES[td.granularity]})`,
    };
    if (!annotation.timeDimensions[td.dimension.path]) annotation.timeDimensions[td.dimension.path] = base;
  }
  return annotation;
}

/** Measures come back as strings, as Cube does on PostgreSQL; the client's pivots parse them. */
function rowOf(compiled: CompiledCubeQuery, raw: Record<string, unknown>): CubeRow {
  const row: CubeRow = {};
  for (const column of compiled.columns) {
    const value = raw[column.alias];
    let out: CubeRow[string];
    if (value === null || value === undefined) out = null;
    else if (column.kind === 'measure') out = String(value);
    else if (typeof value === 'bigint') out = Number(value);
    else if (value instanceof Date) out = value.toISOString();
    else out = value as string | number | boolean;
    for (const key of column.keys) if (!(key in row)) row[key] = out;
  }
  return row;
}

export function createCubeEngine(deps: { db: Db; clock: Clock; model?: CubeModel }): CubeEngine {
  const model = deps.model ?? loadCubeModel();

  const compile = (query: CubeQuery, stackId: number, roles: readonly string[] = []) =>
    compileCubeQuery(model, query, { stackId, now: deps.clock.now(), roles });

  async function run(query: CubeQuery, stackId: number, roles: readonly string[]): Promise<CubeResult> {
    const compiled = compile(query, stackId, roles);
    const result = await deps.db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(compiled.sql, compiled.params),
    );
    let total: number | undefined;
    let rows = result.rows;
    if (compiled.total) {
      total = Number(rows[0]?.__total ?? 0);
      rows = rows.filter((r) => r.__rn !== null && r.__rn !== undefined);
    }
    return {
      query: compiled.normalized,
      data: rows.map((r) => rowOf(compiled, r)),
      lastRefreshTime: deps.clock.now().toISOString(),
      annotation: annotationOf(model, compiled),
      dataSource: 'default',
      dbType: 'postgres',
      extDbType: 'cubestore',
      external: false,
      slowQuery: false,
      ...(total !== undefined ? { total } : {}),
    };
  }

  async function load(
    query: CubeQuery,
    stackId: number,
    roles: readonly string[] = [],
  ): Promise<CubeMultiAnswer> {
    const compareIndex = (query.timeDimensions ?? []).findIndex((td) => td.compareDateRange);
    if (compareIndex < 0) {
      const result = await run(query, stackId, roles);
      return {
        queryType: 'regularQuery',
        results: [result],
        pivotQuery: { ...result.query, queryType: 'regularQuery' },
        slowQuery: false,
      };
    }
    if ((query.timeDimensions ?? []).filter((td) => td.compareDateRange).length > 1)
      throw new CubeQueryError('compareDateRange may be used on one time dimension only');
    const ranges = query.timeDimensions?.[compareIndex]?.compareDateRange ?? [];
    if (ranges.length === 0) throw new CubeQueryError('compareDateRange needs at least one date range');
    if (ranges.length > 12) throw new CubeQueryError('compareDateRange accepts at most 12 date ranges');
    const timezone = query.timezone ?? 'UTC';
    if (!isValidTimezone(timezone)) throw new CubeQueryError(`Unknown timezone: '${timezone}'`);
    const results: CubeResult[] = [];
    for (const range of ranges) {
      let resolved: [string, string];
      try {
        resolved = resolveDateRange(range, deps.clock.now(), timezone);
      } catch (error) {
        if (error instanceof DateRangeError) throw new CubeQueryError(error.message);
        throw error;
      }
      const single: CubeQuery = {
        ...query,
        timeDimensions: (query.timeDimensions ?? []).map((td, i) => {
          if (i !== compareIndex) return td;
          const { compareDateRange: _unused, ...rest } = td;
          return { ...rest, dateRange: resolved };
        }),
      };
      const result = await run(single, stackId, roles);
      const label = resolved.join(' - ');
      result.data = result.data.map((row) => ({ ...row, compareDateRange: label }));
      results.push(result);
    }
    const first = results[0] as CubeResult;
    return {
      queryType: 'compareDateRangeQuery',
      results,
      pivotQuery: {
        ...first.query,
        dimensions: ['compareDateRange', ...first.query.dimensions],
        queryType: 'compareDateRangeQuery',
      },
      slowQuery: false,
    };
  }

  function meta(roles: readonly string[] = []): CubeMetaAnswer {
    return {
      cubes: [...model.cubes.values()].map((cube) => ({
        name: cube.name,
        title: cube.title,
        type: 'cube' as const,
        isVisible: cube.public,
        public: cube.public,
        measures: [...cube.measures.values()]
          .filter((m) => memberVisible(cube, m.name, roles))
          .map((m) => ({
            name: m.path,
            title: `${cube.title} ${m.title}`,
            shortTitle: m.title,
            type: 'number',
            aggType: m.type === 'count_distinct' ? 'countDistinct' : m.type,
            cumulative: false,
            cumulativeTotal: false,
            drillMembers: [],
            isVisible: m.public,
            public: m.public,
          })),
        dimensions: [...cube.dimensions.values()]
          .filter((d) => memberVisible(cube, d.name, roles))
          .map((d) => ({
            name: d.path,
            title: `${cube.title} ${d.title}`,
            shortTitle: d.title,
            type: d.type,
            primaryKey: d.primaryKey,
            suggestFilterValues: true,
            isVisible: d.public,
            public: d.public,
          })),
        segments: [],
      })),
    };
  }

  return { model, compile, load, meta };
}
