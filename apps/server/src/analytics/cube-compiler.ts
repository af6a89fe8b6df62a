import {
  CUBE_DEFAULT_LIMIT,
  CUBE_MAX_LIMIT,
  type CubeFilter,
  type CubeGranularity,
  type CubeMemberFilter,
  type CubeQuery,
} from '@agora/contract';
import {
  memberVisible,
  SECURITY_CONTEXT_STACK_ID,
  type CubeModel,
  type ModelCube,
  type ModelDimension,
  type ModelMeasure,
} from './cube-model.ts';
import { DateRangeError, isValidTimezone, normaliseDateBound, resolveDateRange } from './date-ranges.ts';

/** A query the engine refuses (unknown member, bad date, unsupported feature): answered with 400. */
export class CubeQueryError extends Error {}

/** A member the caller may not use (member-level access policy): answered with 403. */
export class CubeAccessError extends CubeQueryError {
  constructor(readonly path: string) {
    super(`You may not query '${path}'.`);
  }
}

export interface CompileContext {
  stackId: number;
  now: Date;
  /**
   * The caller's roles for the model's access policies (every caller also holds '*'). Absent: only
   * what '*' may see.
   */
  roles?: readonly string[];
}

/** One output column: its SQL alias and the keys it fills in a Cube data row. */
export interface OutputColumn {
  alias: string;
  keys: string[];
  kind: 'measure' | 'dimension' | 'time';
}

export interface CompiledCubeQuery {
  sql: string;
  params: unknown[];
  columns: OutputColumn[];
  /** True when the statement carries the row count before limit/offset in `__total`. */
  total: boolean;
  /** The query as Cube echoes it (dateRanges resolved, defaults applied). */
  normalized: NormalizedQuery;
  measures: ModelMeasure[];
  dimensions: ModelDimension[];
  timeDimensions: Array<{ dimension: ModelDimension; granularity: CubeGranularity | null }>;
}

export interface NormalizedTimeDimension {
  dimension: string;
  granularity?: CubeGranularity;
  dateRange?: [string, string];
}
export interface NormalizedQuery {
  measures: string[];
  dimensions: string[];
  timeDimensions: NormalizedTimeDimension[];
  segments: string[];
  filters: CubeFilter[];
  order: Array<{ id: string; desc: boolean }>;
  limit: number;
  offset?: number;
  timezone: string;
  total?: boolean;
  rowLimit?: number;
}

/** date_trunc units, looked up (never copied) from the query. */
const TRUNC_UNIT: Record<CubeGranularity, string> = {
  second: 'second',
  minute: 'minute',
  hour: 'hour',
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};
const LOCAL_TIMESTAMP_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.MS'`;

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

type Member = { kind: 'measure'; measure: ModelMeasure } | { kind: 'dimension'; dimension: ModelDimension };

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Resolves `Cube.member` against the model (Cube's own message when it is unknown). */
export function resolveMember(model: CubeModel, path: string): Member {
  const [cubeName, memberName, extra] = path.split('.');
  const cube = cubeName ? model.cubes.get(cubeName) : undefined;
  if (!cube || !memberName || extra !== undefined) {
    throw new CubeQueryError(`'${memberName ?? path}' not found for path '${path}'`);
  }
  const measure = cube.measures.get(memberName);
  if (measure) return { kind: 'measure', measure };
  const dimension = cube.dimensions.get(memberName);
  if (dimension) return { kind: 'dimension', dimension };
  throw new CubeQueryError(`'${memberName}' not found for path '${path}'`);
}

function dimensionOf(model: CubeModel, path: string, what: string): ModelDimension {
  const member = resolveMember(model, path);
  if (member.kind !== 'dimension')
    throw new CubeQueryError(`${what} '${path}' is a measure, a dimension is expected`);
  return member.dimension;
}

function measureOf(model: CubeModel, path: string): ModelMeasure {
  const member = resolveMember(model, path);
  if (member.kind !== 'measure')
    throw new CubeQueryError(`'${path}' is a dimension, a measure is expected in measures`);
  return member.measure;
}

function filterMembers(filter: CubeFilter): string[] {
  if ('and' in filter) return filter.and.flatMap(filterMembers);
  if ('or' in filter) return filter.or.flatMap(filterMembers);
  const path = filter.member ?? filter.dimension;
  if (!path) throw new CubeQueryError('A filter needs a member');
  return [path];
}

interface JoinStep {
  from: string;
  to: string;
  sql: string;
  relationship: 'many_to_one' | 'one_to_many' | 'one_to_one';
}

/**
 * The join tree: a root cube that reaches every other cube of the query through the joins declared in
 * the model (joins are directed, as in Cube). Cubes of measures are tried as root first.
 */
function joinTree(model: CubeModel, cubeNames: string[]): { root: string; steps: JoinStep[] } {
  const wanted = [...new Set(cubeNames)];
  const [first] = wanted;
  if (!first) throw new CubeQueryError('Query should contain either measures, dimensions or timeDimensions');
  if (wanted.length === 1) return { root: first, steps: [] };
  for (const root of wanted) {
    // Breadth-first search over declared joins: shortest path to every cube.
    const via = new Map<string, JoinStep | null>([[root, null]]);
    const queue = [root];
    while (queue.length > 0) {
      const name = queue.shift() as string;
      for (const join of model.cubes.get(name)?.joins ?? []) {
        if (via.has(join.to)) continue;
        via.set(join.to, { from: name, to: join.to, sql: join.sql, relationship: join.relationship });
        queue.push(join.to);
      }
    }
    if (!wanted.every((n) => via.has(n))) continue;
    const needed = new Set<string>();
    const steps: JoinStep[] = [];
    const addPath = (name: string) => {
      const step = via.get(name);
      if (!step || needed.has(name)) return;
      addPath(step.from);
      needed.add(name);
      steps.push(step);
    };
    for (const name of wanted) addPath(name);
    return { root, steps };
  }
  throw new CubeQueryError(`Can't find join path to join ${wanted.map((n) => `'${n}'`).join(', ')}`);
}

/** Compiles one Cube query (no compareDateRange: the engine splits those) to one SQL statement. */
export function compileCubeQuery(model: CubeModel, query: CubeQuery, ctx: CompileContext): CompiledCubeQuery {
  const timezone = query.timezone ?? 'UTC';
  if (!isValidTimezone(timezone)) throw new CubeQueryError(`Unknown timezone: '${timezone}'`);
  const roles = ctx.roles ?? [];
  /** Every member the query names or reaches goes through here: a hidden one refuses the whole query. */
  const assertVisible = (cubeName: string, member: string) => {
    const cube = model.cubes.get(cubeName);
    if (cube && !memberVisible(cube, member, roles)) throw new CubeAccessError(`${cubeName}.${member}`);
  };
  const assertPathVisible = (path: string) => {
    const [cubeName, member] = path.split('.');
    if (cubeName && member) assertVisible(cubeName, member);
  };
  for (const p of query.segments ?? []) assertPathVisible(p);
  if (query.segments && query.segments.length > 0) throw new CubeQueryError('Segments are not supported');
  if (query.ungrouped) throw new CubeQueryError('Ungrouped queries are not supported');

  const params = new Params();
  // $1 is always the community (every cube's sql carries the security context); the time zone is
  // allocated on first use, as PostgreSQL refuses a parameter it never sees.
  const stackRef = params.add(ctx.stackId);
  let tzRef: string | undefined;
  const stackParam = () => stackRef;
  const tzParam = () => (tzRef ??= params.add(timezone));
  const localTs = (local: string) => {
    const tz = tzParam();
    return `(${params.add(local)}::timestamp AT TIME ZONE ${tz}::text)`;
  };
  const toDateRange = (range: string | readonly string[]) => {
    try {
      return resolveDateRange(range, ctx.now, timezone);
    } catch (error) {
      if (error instanceof DateRangeError) throw new CubeQueryError(error.message);
      throw error;
    }
  };

  for (const p of [
    ...(query.measures ?? []),
    ...(query.dimensions ?? []),
    ...(query.timeDimensions ?? []).map((td) => td.dimension),
    ...(query.filters ?? []).flatMap(filterMembers),
    ...(query.order === undefined
      ? []
      : (Array.isArray(query.order) ? query.order : Object.entries(query.order)).map(([key]) =>
          key.split('.').slice(0, 2).join('.'),
        )),
  ])
    assertPathVisible(p);
  const measures = (query.measures ?? []).map((p) => measureOf(model, p));
  const dimensions = (query.dimensions ?? []).map((p) => dimensionOf(model, p, 'Dimension'));
  const timeDimensions = (query.timeDimensions ?? []).map((td) => {
    const dimension = dimensionOf(model, td.dimension, 'Time dimension');
    if (dimension.type !== 'time') throw new CubeQueryError(`'${td.dimension}' is not a time dimension`);
    if (td.compareDateRange) throw new CubeQueryError('compareDateRange must be split before compiling');
    const dateRange = td.dateRange ? toDateRange(td.dateRange) : undefined;
    return { dimension, granularity: td.granularity ?? null, dateRange };
  });
  const filters = query.filters ?? [];
  const filterPaths = filters.flatMap(filterMembers);
  for (const p of filterPaths) resolveMember(model, p);

  const cubeOf = (p: string) => p.split('.')[0] as string;
  const { root, steps } = joinTree(model, [
    ...measures.map((m) => m.cube),
    ...dimensions.map((d) => d.cube),
    ...timeDimensions.map((t) => t.dimension.cube),
    ...filterPaths.map(cubeOf),
  ]);
  const fansOut = steps.some((s) => s.relationship === 'one_to_many');

  // Model SQL with its templates turned into aliases and the security context into a parameter.
  const render = (text: string, cubeName: string, depth = 0): string => {
    if (depth > 8) throw new CubeQueryError(`Member references of cube ${cubeName} are too deep`);
    return text.replace(/\{([^{}]*)\}/g, (_all, inner: string) => {
      const ref = inner.trim();
      if (ref === SECURITY_CONTEXT_STACK_ID) return stackParam();
      const [head, member] = ref.split('.');
      const target = head === 'CUBE' ? cubeName : (head as string);
      if (!member) return quoteIdent(target);
      const targetCube = model.cubes.get(target) as ModelCube;
      assertVisible(target, member);
      const dim = targetCube.dimensions.get(member);
      if (dim) return `(${render(dim.sql, target, depth + 1)})`;
      const measure = targetCube.measures.get(member) as ModelMeasure;
      return `(${measureSql(measure, depth + 1)})`;
    });
  };
  const dimensionSql = (d: ModelDimension) => render(d.sql, d.cube);
  const cubeFrom = (name: string) =>
    `(${render((model.cubes.get(name) as ModelCube).sql, name)}) AS ${quoteIdent(name)}`;

  function measureSql(m: ModelMeasure, depth = 0): string {
    const multiplied = m.cube !== root || fansOut;
    const filter =
      m.filters.length > 0
        ? ` FILTER (WHERE ${m.filters.map((f) => `(${render(f, m.cube, depth)})`).join(' AND ')})`
        : '';
    const expr = m.sql !== undefined ? render(m.sql, m.cube, depth) : undefined;
    switch (m.type) {
      case 'count': {
        if (expr !== undefined) return `count(${multiplied ? 'DISTINCT ' : ''}${expr})${filter}`;
        if (!multiplied) return `count(*)${filter}`;
        const pk = [...(model.cubes.get(m.cube) as ModelCube).dimensions.values()].find((d) => d.primaryKey);
        if (!pk)
          throw new CubeQueryError(
            `'${m.path}' would be multiplied by a join and cube ${m.cube} has no primary key`,
          );
        return `count(DISTINCT ${dimensionSql(pk)})${filter}`;
      }
      case 'count_distinct':
      case 'count_distinct_approx':
        return `count(DISTINCT ${expr})${filter}`;
      case 'min':
      case 'max':
        return `${m.type}(${expr})${filter}`;
      case 'sum':
      case 'avg':
      case 'number':
        if (multiplied)
          throw new CubeQueryError(
            `'${m.path}' would be multiplied by a join: the built-in engine supports only count and count_distinct measures of joined cubes`,
          );
        return m.type === 'number' ? (expr as string) : `${m.type}(${expr})${filter}`;
    }
  }

  const memberSql = (p: string) => {
    const member = resolveMember(model, p);
    return member.kind === 'measure'
      ? { kind: 'measure' as const, sql: measureSql(member.measure), type: 'number' }
      : { kind: 'dimension' as const, sql: dimensionSql(member.dimension), type: member.dimension.type };
  };

  // ---- SELECT list ----
  const select: string[] = [];
  const columns: OutputColumn[] = [];
  const groupBy: number[] = [];
  const orderable = new Map<string, string>(); // member key → alias
  const addColumn = (sqlText: string, keys: string[], kind: OutputColumn['kind'], group: boolean) => {
    const alias = `c${columns.length}`;
    select.push(`${sqlText} AS ${alias}`);
    columns.push({ alias, keys, kind });
    if (group) groupBy.push(columns.length);
    for (const key of keys) if (!orderable.has(key)) orderable.set(key, alias);
    return alias;
  };
  const localText = (expr: string) =>
    `to_char((${expr}) AT TIME ZONE ${tzParam()}::text, ${LOCAL_TIMESTAMP_FORMAT})`;

  for (const td of timeDimensions) {
    if (!td.granularity) continue;
    const unit = TRUNC_UNIT[td.granularity];
    const expr = `to_char(date_trunc('${unit}', (${dimensionSql(td.dimension)}) AT TIME ZONE ${tzParam()}::text), ${LOCAL_TIMESTAMP_FORMAT})`;
    addColumn(expr, [`${td.dimension.path}.${td.granularity}`, td.dimension.path], 'time', true);
  }
  for (const d of dimensions) {
    const expr = d.type === 'time' ? localText(dimensionSql(d)) : dimensionSql(d);
    addColumn(expr, [d.path], d.type === 'time' ? 'time' : 'dimension', true);
  }
  for (const m of measures) addColumn(measureSql(m), [m.path], 'measure', false);

  // ---- WHERE / HAVING ----
  const where: string[] = [];
  const having: string[] = [];
  for (const td of timeDimensions) {
    if (!td.dateRange) continue;
    const expr = dimensionSql(td.dimension);
    where.push(`${expr} >= ${localTs(td.dateRange[0])}`, `${expr} <= ${localTs(td.dateRange[1])}`);
  }

  const likeParam = (value: string, mode: 'contains' | 'startsWith' | 'endsWith') => {
    const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
    const p = params.add(escaped);
    if (mode === 'contains') return `'%' || ${p} || '%'`;
    return mode === 'startsWith' ? `${p} || '%'` : `'%' || ${p}`;
  };

  const memberCondition = (filter: CubeMemberFilter): { sql: string; measure: boolean } => {
    const path = (filter.member ?? filter.dimension) as string;
    const target = memberSql(path);
    const expr = target.sql;
    const isTime = target.type === 'time';
    const values = (filter.values ?? []).filter((v): v is string => v !== null && v !== undefined);
    const needValues = (n: number) => {
      if (values.length < n)
        throw new CubeQueryError(
          `Filter '${filter.operator}' on '${path}' needs ${n === 1 ? 'a value' : `${n} values`}`,
        );
    };
    const safeDate = (v: string) => {
      try {
        return normaliseDateBound(v, 'from');
      } catch (error) {
        if (error instanceof DateRangeError) throw new CubeQueryError(error.message);
        throw error;
      }
    };
    const value = (v: string) => (isTime ? localTs(safeDate(v)) : params.add(v));
    const text = `CAST(${expr} AS text)`;
    let sqlText: string;
    switch (filter.operator) {
      case 'equals':
        needValues(1);
        sqlText =
          values.length === 1
            ? `${expr} = ${value(values[0] as string)}`
            : `${expr} IN (${values.map(value).join(', ')})`;
        break;
      case 'notEquals':
        needValues(1);
        sqlText = `(${expr} NOT IN (${values.map(value).join(', ')}) OR ${expr} IS NULL)`;
        break;
      case 'contains':
      case 'startsWith':
      case 'endsWith':
        needValues(1);
        sqlText = `(${values.map((v) => `${text} ILIKE ${likeParam(v, filter.operator as 'contains')}`).join(' OR ')})`;
        break;
      case 'notContains':
        needValues(1);
        sqlText = `((${values.map((v) => `${text} NOT ILIKE ${likeParam(v, 'contains')}`).join(' AND ')}) OR ${expr} IS NULL)`;
        break;
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte': {
        needValues(1);
        const op = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[filter.operator];
        sqlText = `${expr} ${op} ${value(values[0] as string)}`;
        break;
      }
      case 'set':
        sqlText = `${expr} IS NOT NULL`;
        break;
      case 'notSet':
        sqlText = `${expr} IS NULL`;
        break;
      case 'inDateRange':
      case 'notInDateRange': {
        needValues(1);
        const [from, to] = toDateRange(values.length === 1 ? (values[0] as string) : values.slice(0, 2));
        sqlText =
          filter.operator === 'inDateRange'
            ? `(${expr} >= ${localTs(from)} AND ${expr} <= ${localTs(to)})`
            : `(${expr} < ${localTs(from)} OR ${expr} > ${localTs(to)})`;
        break;
      }
      case 'beforeDate':
      case 'afterDate':
        needValues(1);
        sqlText = `${expr} ${filter.operator === 'beforeDate' ? '<' : '>'} ${localTs(safeDate(values[0] as string))}`;
        break;
    }
    return { sql: sqlText, measure: target.kind === 'measure' };
  };

  const condition = (filter: CubeFilter): { sql: string; measure: boolean; dimension: boolean } => {
    if ('and' in filter || 'or' in filter) {
      const parts = ('and' in filter ? filter.and : filter.or).map(condition);
      if (parts.length === 0) return { sql: 'TRUE', measure: false, dimension: false };
      return {
        sql: `(${parts.map((p) => p.sql).join('and' in filter ? ' AND ' : ' OR ')})`,
        measure: parts.some((p) => p.measure),
        dimension: parts.some((p) => p.dimension),
      };
    }
    const c = memberCondition(filter);
    return { sql: c.sql, measure: c.measure, dimension: !c.measure };
  };
  for (const filter of filters) {
    const c = condition(filter);
    if (c.measure && c.dimension)
      throw new CubeQueryError('A filter group cannot mix measures and dimensions');
    (c.measure ? having : where).push(c.sql);
  }

  // ---- ORDER BY ----
  let order: Array<[string, 'asc' | 'desc']>;
  if (query.order === undefined) {
    const firstTime = timeDimensions.find((t) => t.granularity);
    if (firstTime) order = [[firstTime.dimension.path, 'asc']];
    else if (measures[0]) order = [[measures[0].path, 'desc']];
    else if (dimensions[0]) order = [[dimensions[0].path, 'asc']];
    else order = [];
  } else {
    order = Array.isArray(query.order) ? query.order : Object.entries(query.order);
  }
  const orderBy = order.map(([key, dir]) => {
    let alias = orderable.get(key);
    if (!alias) {
      resolveMember(model, key.split('.').length === 3 ? key.split('.').slice(0, 2).join('.') : key);
      throw new CubeQueryError(`Order member '${key}' must be part of the query`);
    }
    alias = alias as string;
    return `${alias} ${dir === 'desc' ? 'DESC' : 'ASC'}`;
  });

  const requested = query.limit ?? query.rowLimit ?? CUBE_DEFAULT_LIMIT;
  const limit = Math.min(requested, CUBE_MAX_LIMIT);
  const offset = query.offset ?? 0;

  const from = [
    `FROM ${cubeFrom(root)}`,
    ...steps.map((s) => `LEFT JOIN ${cubeFrom(s.to)} ON ${render(s.sql, s.from)}`),
  ].join('\n');
  const grouped = groupBy.length > 0;
  const body = [
    `SELECT ${select.length > 0 ? select.join(',\n  ') : '1'}`,
    from,
    where.length > 0 ? `WHERE ${where.join('\n  AND ')}` : '',
    grouped ? `GROUP BY ${groupBy.join(', ')}` : '',
    having.length > 0 ? `HAVING ${having.join('\n  AND ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const orderText = orderBy.length > 0 ? `ORDER BY ${orderBy.join(', ')}` : '';
  const limitParam = params.add(limit);
  const offsetParam = params.add(offset);

  let sqlText: string;
  if (query.total) {
    // One statement: the page plus the count of every row, even when the page is empty.
    const rowNumber = orderBy.length > 0 ? `row_number() OVER (${orderText})` : 'row_number() OVER ()';
    sqlText = [
      `WITH base AS (\n${body}\n),`,
      `page AS (SELECT base.*, ${rowNumber} AS __rn FROM base ${orderText} LIMIT ${limitParam} OFFSET ${offsetParam})`,
      `SELECT t.__total, page.* FROM (SELECT count(*) AS __total FROM base) t LEFT JOIN page ON TRUE ORDER BY page.__rn`,
    ].join('\n');
  } else {
    sqlText = [body, orderText, `LIMIT ${limitParam} OFFSET ${offsetParam}`].filter(Boolean).join('\n');
  }

  const normalized: NormalizedQuery = {
    measures: measures.map((m) => m.path),
    dimensions: dimensions.map((d) => d.path),
    timeDimensions: timeDimensions.map((t) => ({
      dimension: t.dimension.path,
      ...(t.granularity ? { granularity: t.granularity } : {}),
      ...(t.dateRange ? { dateRange: t.dateRange } : {}),
    })),
    segments: [],
    filters,
    order: order.map(([id, dir]) => ({ id, desc: dir === 'desc' })),
    limit,
    ...(offset ? { offset } : {}),
    timezone,
    ...(query.total ? { total: true } : {}),
    ...(requested > CUBE_MAX_LIMIT ? { rowLimit: limit } : {}),
  };
  return {
    sql: sqlText,
    params: params.values,
    columns,
    total: query.total === true,
    normalized,
    measures,
    dimensions,
    timeDimensions: timeDimensions.map((t) => ({ dimension: t.dimension, granularity: t.granularity })),
  };
}
