import { z } from 'zod';

/**
 * The Cube query language as the built-in engine accepts it (a subset of Cube's REST API query format,
 * https://cube.dev/docs/product/apis-integrations/rest-api/query-format). Member names are `Cube.member`.
 */

export const CUBE_GRANULARITIES = [
  'second',
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'year',
] as const;
export const cubeGranularitySchema = z.enum(CUBE_GRANULARITIES);
export type CubeGranularity = z.infer<typeof cubeGranularitySchema>;

/** Relative date ranges understood by the engine (Cube's own strings). */
export const CUBE_RELATIVE_DATE_RANGES = [
  'today',
  'yesterday',
  'this week',
  'last week',
  'this month',
  'last month',
  'this quarter',
  'last quarter',
  'this year',
  'last year',
  'last 7 days',
  'last 30 days',
  'last 90 days',
  'last 120 days',
  'last 365 days',
] as const;

/** An absolute pair of dates (`YYYY-MM-DD` or ISO timestamps, both inclusive) or a relative string. */
export const cubeDateRangeSchema = z.union([z.tuple([z.string(), z.string()]), z.string()]);
export type CubeDateRange = z.infer<typeof cubeDateRangeSchema>;

export const cubeTimeDimensionSchema = z.object({
  dimension: z.string(),
  granularity: cubeGranularitySchema.optional().nullable(),
  dateRange: cubeDateRangeSchema.optional().nullable(),
  compareDateRange: z.array(cubeDateRangeSchema).optional().nullable(),
});
export type CubeTimeDimension = z.infer<typeof cubeTimeDimensionSchema>;

export const CUBE_FILTER_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'gt',
  'gte',
  'lt',
  'lte',
  'set',
  'notSet',
  'inDateRange',
  'notInDateRange',
  'beforeDate',
  'afterDate',
] as const;
export const cubeFilterOperatorSchema = z.enum(CUBE_FILTER_OPERATORS);
export type CubeFilterOperator = z.infer<typeof cubeFilterOperatorSchema>;

const filterValueSchema = z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v));

/** One member filter; `dimension` is Cube's older spelling of `member`. */
export const cubeMemberFilterSchema = z.object({
  member: z.string().optional(),
  dimension: z.string().optional(),
  operator: cubeFilterOperatorSchema,
  values: z.array(filterValueSchema.nullable()).optional(),
});
export type CubeMemberFilter = z.infer<typeof cubeMemberFilterSchema>;

export type CubeFilter = CubeMemberFilter | { and: CubeFilter[] } | { or: CubeFilter[] };
export const cubeFilterSchema: z.ZodType<CubeFilter> = z.lazy(() =>
  z.union([
    cubeMemberFilterSchema,
    z.object({ and: z.array(cubeFilterSchema) }),
    z.object({ or: z.array(cubeFilterSchema) }),
  ]),
) as z.ZodType<CubeFilter>;

export const cubeOrderDirectionSchema = z.enum(['asc', 'desc']);
/** `{ 'Cube.m': 'desc' }` or `[['Cube.m', 'desc'], …]` (Cube accepts both). */
export const cubeOrderSchema = z.union([
  z.record(z.string(), cubeOrderDirectionSchema),
  z.array(z.tuple([z.string(), cubeOrderDirectionSchema])),
]);
export type CubeOrder = z.infer<typeof cubeOrderSchema>;

export const CUBE_DEFAULT_LIMIT = 100;
export const CUBE_MAX_LIMIT = 10000;

export const cubeQuerySchema = z.object({
  measures: z.array(z.string()).optional(),
  dimensions: z.array(z.string()).optional(),
  segments: z.array(z.string()).optional(),
  timeDimensions: z.array(cubeTimeDimensionSchema).optional(),
  filters: z.array(cubeFilterSchema).optional(),
  order: cubeOrderSchema.optional(),
  limit: z.number().int().min(0).optional().nullable(),
  rowLimit: z.number().int().min(0).optional().nullable(),
  offset: z.number().int().min(0).optional().nullable(),
  timezone: z.string().optional(),
  total: z.boolean().optional(),
  renewQuery: z.boolean().optional(),
  ungrouped: z.boolean().optional(),
  responseFormat: z.string().optional(),
});
export type CubeQuery = z.infer<typeof cubeQuerySchema>;

export const cubeMemberTypeSchema = z.enum([
  'count',
  'countDistinct',
  'sum',
  'avg',
  'number',
  'string',
  'time',
  'boolean',
  'min',
  'max',
]);

/** Annotation of one member in a /load answer. */
export const cubeAnnotationMemberSchema = z.object({
  title: z.string(),
  shortTitle: z.string(),
  type: z.string(),
  drillMembers: z.array(z.string()).optional(),
  drillMembersGrouped: z
    .object({ measures: z.array(z.string()), dimensions: z.array(z.string()) })
    .optional(),
  meta: z.unknown().optional(),
});
export const cubeAnnotationSchema = z.object({
  measures: z.record(z.string(), cubeAnnotationMemberSchema),
  dimensions: z.record(z.string(), cubeAnnotationMemberSchema),
  segments: z.record(z.string(), cubeAnnotationMemberSchema),
  timeDimensions: z.record(z.string(), cubeAnnotationMemberSchema),
});
export type CubeAnnotation = z.infer<typeof cubeAnnotationSchema>;

/** Row values: numbers come back as strings (as Cube does for Postgres numerics), null when absent. */
export const cubeRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type CubeRow = z.infer<typeof cubeRowSchema>;

export const cubeLoadResultSchema = z.object({
  query: z.record(z.string(), z.unknown()),
  data: z.array(cubeRowSchema),
  lastRefreshTime: z.string(),
  annotation: cubeAnnotationSchema,
  dataSource: z.literal('default'),
  dbType: z.literal('postgres'),
  extDbType: z.string().optional(),
  external: z.boolean(),
  slowQuery: z.boolean(),
  total: z.number().int().optional(),
});
export type CubeLoadResult = z.infer<typeof cubeLoadResultSchema>;

/**
 * A plain query answers one result; with `queryType=multi` (what `@cubejs-client/core` sends) or a
 * `compareDateRange` (one result per range, rows tagged `compareDateRange: 'from - to'`) the answer is
 * `{queryType, results, pivotQuery, slowQuery}`.
 */
export const cubeMultiLoadAnswerSchema = z.object({
  queryType: z.enum(['regularQuery', 'compareDateRangeQuery']),
  results: z.array(cubeLoadResultSchema),
  pivotQuery: z.record(z.string(), z.unknown()),
  slowQuery: z.boolean(),
});
export const cubeLoadAnswerSchema = z.union([cubeLoadResultSchema, cubeMultiLoadAnswerSchema]);
export type CubeLoadAnswer = z.infer<typeof cubeLoadAnswerSchema>;

export const cubeMetaMemberSchema = z.object({
  name: z.string(),
  title: z.string(),
  shortTitle: z.string(),
  type: z.string(),
  aggType: z.string().optional(),
  drillMembers: z.array(z.string()).optional(),
  primaryKey: z.boolean().optional(),
  suggestFilterValues: z.boolean().optional(),
  isVisible: z.boolean().optional(),
  public: z.boolean().optional(),
  cumulative: z.boolean().optional(),
  cumulativeTotal: z.boolean().optional(),
});
export type CubeMetaMember = z.infer<typeof cubeMetaMemberSchema>;

export const cubeMetaCubeSchema = z.object({
  name: z.string(),
  title: z.string(),
  type: z.literal('cube'),
  isVisible: z.boolean(),
  public: z.boolean(),
  connectedComponent: z.number().int().optional(),
  measures: z.array(cubeMetaMemberSchema),
  dimensions: z.array(cubeMetaMemberSchema),
  segments: z.array(cubeMetaMemberSchema),
  hierarchies: z.array(z.unknown()).optional(),
  folders: z.array(z.unknown()).optional(),
});
export const cubeMetaAnswerSchema = z.object({ cubes: z.array(cubeMetaCubeSchema) });
export type CubeMetaAnswer = z.infer<typeof cubeMetaAnswerSchema>;

/** A rejected token: Cube's own `{error}` plus our envelope (`errors[0].code === 'invalid_token'`). */
export const cubeErrorAnswerSchema = z.object({
  error: z.string(),
  errors: z
    .array(
      z.object({
        field: z.string().optional(),
        code: z.string(),
        message: z.string(),
        messages: z.array(z.string()),
      }),
    )
    .optional(),
});
export const CUBE_INVALID_TOKEN_CODE = 'invalid_token';

/** Error codes of the Cube-compatible API (its body also carries Cube's own `error` text). */
export const CubeApiErrorCode = {
  invalidToken: CUBE_INVALID_TOKEN_CODE,
  /** The query names an unknown member or is malformed. */
  invalidQuery: 'invalid_query',
  serverError: 'server_error',
} as const;
