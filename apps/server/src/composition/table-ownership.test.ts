import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every table has one owning module (design.md §3, issue 11 §1): a module declares the tables it owns
// by augmenting `Database` in `modules/<area>/<area>.tables.ts`; the platform declares its own in
// `platform/db/schema.ts` and `platform/**/*.tables.ts`. A module touches only its own tables and asks
// the owner's repository or service for anything else. This test reads every runtime file of
// `modules/` and `platform/` and fails when a module (or the platform) names, in a Kysely call or in
// raw SQL, a table it does not own.
// KNOWN_BREACHES lists what is left (nothing, since session 6), each with its reason; it only shrinks, since an entry that no
// longer matches a real read fails the test too.

const src = path.resolve(import.meta.dirname, '..');
const PLATFORM = 'platform';

interface Breach {
  module: string;
  table: string;
}
interface KnownBreach extends Breach {
  reason: string;
}

const KNOWN_BREACHES: readonly KnownBreach[] = [];

/** The keys of every `interface Database { … }` in a file: the tables it declares. */
function declaredTables(source: string): string[] {
  const tables: string[] = [];
  for (const block of source.matchAll(/interface Database \{([^}]*)\}/g)) {
    for (const key of (block[1] ?? '').matchAll(/^\s*([a-z_][a-z0-9_]*)\s*:/gm))
      tables.push(key[1] as string);
  }
  return tables;
}

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/**
 * Tables a source file names: the first argument of a Kysely query or join (with or without an alias,
 * `'x as y'`) or of `sql.table(…)`, the table after FROM / JOIN / UPDATE / INTO in raw SQL (either
 * case), or the table a raw `sql` template starts with (`count(sql\`flags f WHERE …\`)`); only names
 * in `known` count (a CTE or a column is not a table).
 */
function tablesUsed(source: string, known: ReadonlySet<string>): Set<string> {
  const text = withoutComments(source);
  const found = new Set<string>();
  const kysely =
    /\.(?:selectFrom|updateTable|insertInto|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*['"]([a-z_][a-z0-9_]*)/g;
  const sqlTable = /\bsql\.table\(\s*['"]([a-z_][a-z0-9_]*)/g;
  const raw = /\b(?:FROM|JOIN|UPDATE|INTO)\s+"?([a-z_][a-z0-9_]*)\b/gi;
  const templateStart = /\bsql`\s*"?([a-z_][a-z0-9_]*)\b/g;
  for (const pattern of [kysely, sqlTable, raw, templateStart]) {
    for (const match of text.matchAll(pattern)) {
      const table = match[1] as string;
      if (known.has(table)) found.add(table);
    }
  }
  return found;
}

/** Breaches of ownership, and the known breaches that no longer happen (so the list must shrink). */
function ownershipReport(
  uses: ReadonlyMap<string, ReadonlySet<string>>,
  owners: ReadonlyMap<string, string>,
  known: readonly KnownBreach[],
): { breaches: Breach[]; stale: Breach[] } {
  const isKnown = (b: Breach) => known.some((k) => k.module === b.module && k.table === b.table);
  const happening: Breach[] = [];
  for (const [module, tables] of uses) {
    for (const table of tables) if (owners.get(table) !== module) happening.push({ module, table });
  }
  const breaches = happening.filter((b) => !isKnown(b));
  const stale = known
    .filter((k) => !happening.some((b) => b.module === k.module && b.table === k.table))
    .map(({ module, table }) => ({ module, table }));
  return { breaches, stale };
}

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((relative) => path.join(dir, relative))
    .filter((file) => keep(file) && fs.statSync(file).isFile());
}

const isRuntime = (file: string) => file.endsWith('.ts') && !file.endsWith('.test.ts');
const isMigration = (file: string) => file.includes(`${path.sep}db${path.sep}migrations${path.sep}`);
const moduleOf = (file: string) =>
  path.relative(path.join(src, 'modules'), file).split(path.sep)[0] as string;

/** Which module (or the platform) declares each table; a table declared twice is reported. */
function realOwners(): { owners: Map<string, string>; twice: string[] } {
  const declarations: [owner: string, file: string][] = [
    ...filesUnder(path.join(src, 'platform'), (f) => f.endsWith('.tables.ts') || f.endsWith('schema.ts')).map(
      (f): [string, string] => [PLATFORM, f],
    ),
    ...filesUnder(path.join(src, 'modules'), (f) => f.endsWith('.tables.ts')).map((f): [string, string] => [
      moduleOf(f),
      f,
    ]),
  ];
  const owners = new Map<string, string>();
  const twice: string[] = [];
  for (const [owner, file] of declarations) {
    for (const table of declaredTables(fs.readFileSync(file, 'utf8'))) {
      if (owners.has(table)) twice.push(table);
      owners.set(table, owner);
    }
  }
  return { owners, twice };
}

function realUses(known: ReadonlySet<string>): Map<string, Set<string>> {
  const uses = new Map<string, Set<string>>();
  const files = [
    ...filesUnder(path.join(src, 'modules'), isRuntime).map((file) => ({ file, module: moduleOf(file) })),
    // The platform owns its tables too, and reads no module's. Migrations are left out: they are the
    // schema's history and move every owner's rows when a table grows (0021 orders the categories).
    ...filesUnder(path.join(src, 'platform'), (f) => isRuntime(f) && !isMigration(f)).map((file) => ({
      file,
      module: PLATFORM,
    })),
  ];
  for (const { file, module } of files) {
    const tables = uses.get(module) ?? new Set<string>();
    for (const table of tablesUsed(fs.readFileSync(file, 'utf8'), known)) tables.add(table);
    uses.set(module, tables);
  }
  return uses;
}

describe('table ownership', () => {
  const { owners, twice } = realOwners();
  const report = ownershipReport(realUses(new Set(owners.keys())), owners, KNOWN_BREACHES);

  it('declares every table once, in its owner', () => {
    expect(twice).toEqual([]);
    expect(owners.get('community_users')).toBeDefined();
  });

  it('lets no module touch a table it does not own, beyond the known breaches', () => {
    expect(report.breaches).toEqual([]);
  });

  it('drops a known breach as soon as it is fixed (the list only shrinks)', () => {
    expect(report.stale).toEqual([]);
  });

  it('gives every known breach a reason and lists it once', () => {
    for (const k of KNOWN_BREACHES) expect(k.reason.length, `${k.module} → ${k.table}`).toBeGreaterThan(10);
    const keys = KNOWN_BREACHES.map((k) => `${k.module} ${k.table}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('table ownership check (proof it fails)', () => {
  const known = new Set(['stacks', 'community_users', 'tags', 'user_tags']);
  const owners = new Map([
    ['stacks', 'stacks'],
    ['community_users', 'users'],
    ['tags', 'tagging'],
    ['user_tags', 'tagging'],
  ]);

  it('reads the tables a module augments Database with', () => {
    const source =
      "declare module '../../platform/db/schema.ts' {\n  interface Database {\n    tags: TagsTable;\n    user_tags: UserTagsTable;\n  }\n}\n";
    expect(declaredTables(source)).toEqual(['tags', 'user_tags']);
  });

  it('finds queries, aliased joins and raw SQL, not comments, CTEs or columns', () => {
    const source = [
      "// db.selectFrom('tags') in a comment is no read",
      "const a = db.selectFrom('stacks as s').innerJoin('community_users as u', 'u.stack_id', 's.id');",
      "const b = db\n  .with('tags_cte', (q) => q)\n  .leftJoin(\n    'user_tags as ut', 'ut.user_id', 'u.id');",
      'const c = sql`SELECT 1 FROM tags t WHERE t.id = ${id}`;',
      "const d = db.selectFrom('tags_cte').select('community_users');",
    ].join('\n');
    expect([...tablesUsed(source, known)].sort()).toEqual(['community_users', 'stacks', 'tags', 'user_tags']);
  });

  it('finds tables named by sql.table(), lower-case raw SQL and a template that starts with one', () => {
    expect([...tablesUsed("const a = sql.table('stacks');", known)]).toEqual(['stacks']);
    expect([...tablesUsed('const b = sql`select 1 from "tags" t`;', known)]).toEqual(['tags']);
    expect([
      ...tablesUsed('const c = eb.fn.count(sql`user_tags ut WHERE ut.user_id = u.id`);', known),
    ]).toEqual(['user_tags']);
  });

  it("fails on a module that reads another's table, and on a known breach that no longer happens", () => {
    const uses = new Map([['theme', new Set(['stacks', 'community_users'])]]);
    const listed = [
      { module: 'theme', table: 'stacks', reason: 'still reads the community name directly' },
      { module: 'theme', table: 'tags', reason: 'stopped reading tags already' },
    ];
    expect(ownershipReport(uses, owners, listed)).toEqual({
      breaches: [{ module: 'theme', table: 'community_users' }],
      stale: [{ module: 'theme', table: 'tags' }],
    });
  });

  it('lets a module touch its own tables', () => {
    const uses = new Map([['tagging', new Set(['tags', 'user_tags'])]]);
    expect(ownershipReport(uses, owners, [])).toEqual({ breaches: [], stale: [] });
  });
});
