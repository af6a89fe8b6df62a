import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// One area, one name: packages/contract/src/<area>, apps/server/src/modules/<area> and
// apps/console/src/features/<area>. A folder under another name is declared, with its reason, in the
// one alias table docs/codebase/area-names.json (beside the codebase map that lists the areas), so a
// newcomer finds an area's three halves by its name or in that table, and a new area copies the rule.
const root = path.resolve(import.meta.dirname, '../../../..');

const aliasSchema = z.object({ area: z.string().nullable(), why: z.string().min(10) }).strict();
const tableSchema = z.object({
  about: z.string(),
  server: z.record(z.string(), aliasSchema),
  console: z.record(z.string(), aliasSchema),
});
type AliasTable = z.infer<typeof tableSchema>;

interface Folders {
  contract: readonly string[];
  server: readonly string[];
  console: readonly string[];
}

function foldersOf(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Every way the three folder sets and the alias table disagree, one sentence each. */
function areaNameProblems(folders: Folders, table: AliasTable): string[] {
  const problems: string[] = [];
  const contract = new Set(folders.contract);
  for (const layer of ['server', 'console'] as const) {
    const present = new Set(folders[layer]);
    for (const [folder, alias] of Object.entries(table[layer])) {
      if (!present.has(folder)) problems.push(`${layer} alias '${folder}' names no folder of that layer`);
      if (contract.has(folder)) problems.push(`${layer} alias '${folder}' is already a contract area`);
      if (alias.area !== null && !contract.has(alias.area)) {
        problems.push(`${layer} alias '${folder}' points to '${alias.area}', which is no contract area`);
      }
    }
    for (const folder of folders[layer]) {
      if (!contract.has(folder) && !(folder in table[layer])) {
        problems.push(`${layer} folder '${folder}' has neither a contract area nor a declared alias`);
      }
    }
  }
  const servedOnServer = new Set([
    ...folders.server,
    ...Object.values(table.server).flatMap((alias) => (alias.area === null ? [] : [alias.area])),
  ]);
  for (const area of folders.contract) {
    if (!servedOnServer.has(area)) {
      problems.push(`contract area '${area}' has no server module nor a server alias`);
    }
  }
  return problems;
}

const table = tableSchema.parse(
  JSON.parse(readFileSync(path.join(root, 'docs/codebase/area-names.json'), 'utf8')) as unknown,
);
const folders: Folders = {
  contract: foldersOf('packages/contract/src'),
  server: foldersOf('apps/server/src/modules'),
  console: foldersOf('apps/console/src/features'),
};

describe('area names', () => {
  it('every contract area, server module and console feature shares one name or is declared', () => {
    expect(areaNameProblems(folders, table)).toEqual([]);
  });

  describe('the check itself', () => {
    const base: Folders = { contract: ['theme', 'auth'], server: ['theme', 'oauth'], console: ['theme'] };
    const aliases: AliasTable = {
      about: '',
      server: { oauth: { area: 'auth', why: 'token endpoints' } },
      console: {},
    };

    it('accepts matching names and a declared alias', () => {
      expect(areaNameProblems(base, aliases)).toEqual([]);
    });

    it('refuses a contract area without a server module or alias', () => {
      expect(areaNameProblems({ ...base, contract: [...base.contract, 'payments'] }, aliases)).toEqual([
        "contract area 'payments' has no server module nor a server alias",
      ]);
    });

    it('refuses a console feature or server module with neither a contract area nor an alias', () => {
      expect(
        areaNameProblems(
          { ...base, console: ['theme', 'spaces'], server: [...base.server, 'jobs'] },
          aliases,
        ),
      ).toEqual([
        "server folder 'jobs' has neither a contract area nor a declared alias",
        "console folder 'spaces' has neither a contract area nor a declared alias",
      ]);
    });

    it('refuses an alias of a missing folder, to a missing area, or of a folder that already matches', () => {
      const stale: AliasTable = {
        ...aliases,
        console: {
          gone: { area: 'theme', why: 'renamed away' },
          home: { area: 'stack', why: 'a typo of the area' },
          theme: { area: 'theme', why: 'needless' },
        },
      };
      expect(areaNameProblems({ ...base, console: ['theme', 'home'] }, stale)).toEqual([
        "console alias 'gone' names no folder of that layer",
        "console alias 'home' points to 'stack', which is no contract area",
        "console alias 'theme' is already a contract area",
      ]);
    });
  });

  it("the codebase map's area list names every area folder and every platform folder", () => {
    const readme = readFileSync(path.join(root, 'docs/codebase/README.md'), 'utf8');
    const section = /^## Areas$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1] ?? '';
    const platform = foldersOf('apps/server/src/platform').map((name) => `${name}/`);
    const named = [...folders.contract, ...folders.server, ...folders.console, ...platform];
    expect(named.filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
  });
});
