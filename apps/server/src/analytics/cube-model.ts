import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';

/**
 * The Cube data model (Cube's YAML syntax) as the built-in engine understands it: cubes with `sql` or
 * `sql_table`, `joins`, `measures` (count, count_distinct, sum, avg, min, max, number; optional
 * `filters`) and `dimensions` (string, number, time, boolean; `primary_key`). The files are read once
 * at start and validated here, so a broken model stops the server instead of failing a query.
 */

export const MODEL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'model');

const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an identifier');

const measureSchema = z
  .object({
    name: identifier,
    title: z.string().optional(),
    description: z.string().optional(),
    type: z.enum(['count', 'count_distinct', 'count_distinct_approx', 'sum', 'avg', 'min', 'max', 'number']),
    sql: z.string().optional(),
    filters: z.array(z.object({ sql: z.string() }).strict()).optional(),
    public: z.boolean().optional(),
    shown: z.boolean().optional(),
    format: z.string().optional(),
    drill_members: z.array(z.string()).optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .refine((m) => m.type === 'count' || m.sql !== undefined, { message: 'needs sql' });

const dimensionSchema = z
  .object({
    name: identifier,
    title: z.string().optional(),
    description: z.string().optional(),
    type: z.enum(['string', 'number', 'time', 'boolean']),
    sql: z.string(),
    primary_key: z.boolean().optional(),
    public: z.boolean().optional(),
    shown: z.boolean().optional(),
    format: z.string().optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

const joinSchema = z
  .object({
    name: identifier,
    relationship: z.enum([
      'many_to_one',
      'one_to_many',
      'one_to_one',
      'belongs_to',
      'has_many',
      'has_one',
      'belongsTo',
      'hasMany',
      'hasOne',
    ]),
    sql: z.string(),
  })
  .strict();

/**
 * Cube's data access policies, member level only: a policy applies to callers holding its `role`
 * (`'*'`: everyone); a member is visible when one applicable policy includes it and does not exclude it.
 * A cube without `access_policy` shows every member to every caller.
 */
const accessPolicySchema = z
  .object({
    role: z.string().min(1),
    member_level: z
      .object({
        includes: z.union([z.literal('*'), z.array(identifier)]).optional(),
        excludes: z.array(identifier).optional(),
      })
      .strict(),
  })
  .strict();

const cubeSchema = z
  .object({
    name: identifier,
    title: z.string().optional(),
    description: z.string().optional(),
    sql: z.string().optional(),
    sql_table: z.string().optional(),
    public: z.boolean().optional(),
    joins: z.array(joinSchema).optional(),
    measures: z.array(measureSchema).optional(),
    dimensions: z.array(dimensionSchema).optional(),
    segments: z.array(z.unknown()).max(0, 'segments are not supported by the built-in engine').optional(),
    access_policy: z.array(accessPolicySchema).optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .refine((c) => (c.sql === undefined) !== (c.sql_table === undefined), {
    message: 'needs exactly one of sql and sql_table',
  });

const fileSchema = z.object({ cubes: z.array(cubeSchema) }).strict();

export type MeasureType = z.infer<typeof measureSchema>['type'];
export type DimensionType = z.infer<typeof dimensionSchema>['type'];
export type Relationship = 'many_to_one' | 'one_to_many' | 'one_to_one';

export interface ModelMeasure {
  cube: string;
  name: string;
  /** `Cube.member` */
  path: string;
  title: string;
  type: MeasureType;
  sql: string | undefined;
  filters: string[];
  public: boolean;
}
export interface ModelDimension {
  cube: string;
  name: string;
  path: string;
  title: string;
  type: DimensionType;
  sql: string;
  primaryKey: boolean;
  public: boolean;
}
export interface ModelJoin {
  to: string;
  relationship: Relationship;
  sql: string;
}
export interface MemberAccessPolicy {
  role: string;
  includes: '*' | readonly string[];
  excludes: readonly string[];
}
export interface ModelCube {
  name: string;
  title: string;
  /** Member-level access (Cube's `access_policy`); empty: every member is visible. */
  accessPolicy: MemberAccessPolicy[];
  /** The cube's SQL (a `sql_table` becomes `SELECT * FROM table`). */
  sql: string;
  joins: ModelJoin[];
  measures: Map<string, ModelMeasure>;
  dimensions: Map<string, ModelDimension>;
  public: boolean;
}
export interface CubeModel {
  cubes: Map<string, ModelCube>;
}

/** Cube's default titles: `registeredAt` → `Registered At`. */
export function humanize(name: string): string {
  const words = name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/\s+/)
    .filter(Boolean);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

function normaliseRelationship(r: z.infer<typeof joinSchema>['relationship']): Relationship {
  if (r === 'belongs_to' || r === 'belongsTo' || r === 'many_to_one') return 'many_to_one';
  if (r === 'has_many' || r === 'hasMany' || r === 'one_to_many') return 'one_to_many';
  return 'one_to_one';
}

/** Templates the engine knows in model SQL; anything else in braces is refused at load time. */
const TEMPLATE = /\{([^{}]*)\}/g;
export const SECURITY_CONTEXT_STACK_ID = 'SECURITY_CONTEXT.stack_id.unsafeValue()';

function checkTemplates(where: string, text: string, cubeNames: Set<string>, allowSecurity: boolean): void {
  for (const [, inner] of text.matchAll(TEMPLATE)) {
    const ref = (inner ?? '').trim();
    if (ref === SECURITY_CONTEXT_STACK_ID) {
      if (!allowSecurity) throw new Error(`${where}: SECURITY_CONTEXT is only supported in a cube's sql`);
      continue;
    }
    const [head, member, extra] = ref.split('.');
    if (extra !== undefined || !head || (head !== 'CUBE' && !cubeNames.has(head)))
      throw new Error(`${where}: unknown reference {${ref}}`);
    if (member !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(member))
      throw new Error(`${where}: unknown reference {${ref}}`);
  }
}

/** Parses and validates YAML model files (name → content). */
export function parseCubeModel(files: ReadonlyArray<{ name: string; content: string }>): CubeModel {
  const raw: Array<z.infer<typeof cubeSchema> & { file: string }> = [];
  for (const file of files) {
    const parsed = fileSchema.safeParse(parse(file.content));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`Cube model ${file.name}: ${issue?.path.join('.')}: ${issue?.message}`);
    }
    for (const cube of parsed.data.cubes) raw.push({ ...cube, file: file.name });
  }
  const names = new Set<string>();
  for (const cube of raw) {
    if (names.has(cube.name)) throw new Error(`Cube model: cube ${cube.name} is defined twice`);
    names.add(cube.name);
  }
  const cubes = new Map<string, ModelCube>();
  for (const cube of raw) {
    const where = `Cube model ${cube.file}, cube ${cube.name}`;
    const sqlText = cube.sql ?? `SELECT * FROM ${cube.sql_table}`;
    checkTemplates(where, sqlText, names, true);
    if (!sqlText.includes(`{${SECURITY_CONTEXT_STACK_ID}}`))
      throw new Error(`${where}: the sql must restrict rows with {${SECURITY_CONTEXT_STACK_ID}}`);
    const cubeTitle = cube.title ?? humanize(cube.name);
    const measures = new Map<string, ModelMeasure>();
    const dimensions = new Map<string, ModelDimension>();
    for (const m of cube.measures ?? []) {
      if (measures.has(m.name)) throw new Error(`${where}: measure ${m.name} is defined twice`);
      if (m.sql) checkTemplates(`${where}, measure ${m.name}`, m.sql, names, false);
      for (const f of m.filters ?? []) checkTemplates(`${where}, measure ${m.name}`, f.sql, names, false);
      measures.set(m.name, {
        cube: cube.name,
        name: m.name,
        path: `${cube.name}.${m.name}`,
        title: m.title ?? humanize(m.name),
        type: m.type,
        sql: m.sql,
        filters: (m.filters ?? []).map((f) => f.sql),
        public: m.public ?? m.shown ?? true,
      });
    }
    for (const d of cube.dimensions ?? []) {
      if (dimensions.has(d.name) || measures.has(d.name))
        throw new Error(`${where}: member ${d.name} is defined twice`);
      checkTemplates(`${where}, dimension ${d.name}`, d.sql, names, false);
      dimensions.set(d.name, {
        cube: cube.name,
        name: d.name,
        path: `${cube.name}.${d.name}`,
        title: d.title ?? humanize(d.name),
        type: d.type,
        sql: d.sql,
        primaryKey: d.primary_key ?? false,
        public: d.public ?? d.shown ?? !(d.primary_key ?? false),
      });
    }
    const joins: ModelJoin[] = [];
    for (const j of cube.joins ?? []) {
      if (!names.has(j.name)) throw new Error(`${where}: join to unknown cube ${j.name}`);
      checkTemplates(`${where}, join ${j.name}`, j.sql, names, false);
      joins.push({ to: j.name, relationship: normaliseRelationship(j.relationship), sql: j.sql });
    }
    const accessPolicy = (cube.access_policy ?? []).map((p) => ({
      role: p.role,
      includes: p.member_level.includes ?? '*',
      excludes: p.member_level.excludes ?? [],
    }));
    for (const policy of accessPolicy) {
      for (const name of [...(policy.includes === '*' ? [] : policy.includes), ...policy.excludes])
        if (!dimensions.has(name) && !measures.has(name))
          throw new Error(`${where}: access_policy names unknown member ${name}`);
    }
    cubes.set(cube.name, {
      name: cube.name,
      title: cubeTitle,
      accessPolicy,
      sql: sqlText,
      joins,
      measures,
      dimensions,
      public: cube.public ?? true,
    });
  }
  // Member references ({Cube.member}) must exist.
  for (const cube of cubes.values()) {
    const texts = [
      ...[...cube.measures.values()].flatMap((m) => [m.sql ?? '', ...m.filters]),
      ...[...cube.dimensions.values()].map((d) => d.sql),
      ...cube.joins.map((j) => j.sql),
    ];
    for (const text of texts) {
      for (const [, inner] of text.matchAll(TEMPLATE)) {
        const [head, member] = (inner ?? '').trim().split('.');
        if (!member || !head) continue;
        const target = cubes.get(head === 'CUBE' ? cube.name : head);
        if (!target?.dimensions.has(member) && !target?.measures.has(member))
          throw new Error(`Cube model, cube ${cube.name}: unknown member {${inner}}`);
      }
    }
  }
  return { cubes };
}

/** Reads every `*.yml`/`*.yaml` file of the model folder. */
export function loadCubeModel(dir: string = MODEL_DIR): CubeModel {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.yml') || f.endsWith('.yaml'))
    .sort()
    .map((f) => ({ name: f, content: fs.readFileSync(path.join(dir, f), 'utf8') }));
  if (files.length === 0) throw new Error(`Cube model: no YAML files in ${dir}`);
  return parseCubeModel(files);
}

/**
 * Whether a caller holding `roles` may use `member` of `cube` (in any part of a query, or through a
 * reference in another member's SQL). Cube's rule: visible when an applicable policy includes it and
 * does not exclude it; a cube without policies hides nothing.
 */
export function memberVisible(cube: ModelCube, member: string, roles: readonly string[]): boolean {
  if (cube.accessPolicy.length === 0) return true;
  return cube.accessPolicy.some(
    (p) =>
      (p.role === '*' || roles.includes(p.role)) &&
      (p.includes === '*' || p.includes.includes(member)) &&
      !p.excludes.includes(member),
  );
}
