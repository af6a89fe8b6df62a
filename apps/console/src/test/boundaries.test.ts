import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../../../test-support/import-graph.ts';

/**
 * The console's layers hold by lint (eslint.config.js, "Console layers"): these probes run the real
 * config through ESLint's Node API, so deleting or loosening a rule turns this file red.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const src = path.join(repoRoot, 'apps/console/src');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function problems(fileInSrc: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(src, fileInSrc) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('console boundaries', { timeout: 60_000 }, () => {
  it('core/ imports no feature and no app code', async () => {
    expect(
      await problems(
        'core/http/probe.ts',
        "export { StackStatusChip } from '../../features/home/index.ts';\n",
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*core\/ knows no feature/)]);
    expect(
      await problems('core/http/probe.ts', "export const load = () => import('../../app/router.tsx');\n"),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: /)]);
  });

  it("a feature reaches another only through that feature's index.ts", async () => {
    const inside = "export { StackStatusChip } from '../../home/components/stack-status-chip.tsx';\n";
    expect(await problems('features/staff/components/probe.ts', inside)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*only through its index\.ts/),
    ]);
    expect(
      await problems(
        'features/staff/components/probe.ts',
        "export { StackStatusChip } from '../../home/index.ts';\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'features/staff/components/probe.ts',
        "export { default } from '../pages/staff-page.tsx';\n",
      ),
    ).toEqual([]);
  });

  it('a feature imports no app/ code (its tests may render through app/)', async () => {
    const app = "export { RootShell } from '../../../app/root-shell.tsx';\n";
    expect(await problems('features/staff/components/probe.tsx', app)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports app\//),
    ]);
    expect(await problems('features/staff/components/probe.test.tsx', app)).toEqual([]);
  });

  it("app/ uses a feature's index.ts, and import()s its route page only lazily", async () => {
    expect(
      await problems(
        'app/probe.ts',
        "export { StackStatusChip } from '../features/home/components/stack-status-chip.tsx';\n",
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: /)]);
    expect(
      await problems('app/probe.ts', "export { default } from '../features/home/pages/home-page.tsx';\n"),
    ).toEqual([expect.stringMatching(/^no-restricted-syntax: /)]);
    expect(
      await problems(
        'app/probe.ts',
        "export const load = () => import('../features/home/pages/home-page.tsx');\n",
      ),
    ).toEqual([]);
    expect(
      await problems('app/probe.ts', "export { StackStatusChip } from '../features/home/index.ts';\n"),
    ).toEqual([]);
  });

  it("a screen calls its area's api/ hooks, never useQuery, useMutation or the query client itself", async () => {
    const direct =
      "import { useMutation, useQuery } from '@tanstack/react-query';\nexport const hooks = [useQuery, useMutation];\n";
    for (const screen of ['features/staff/pages/probe.tsx', 'features/staff/components/probe.tsx']) {
      expect(await problems(screen, direct)).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*'useMutation'.*api\/ hook/),
        expect.stringMatching(/^no-restricted-imports: .*'useQuery'.*api\/ hook/),
      ]);
    }
    // The area's api/ and core/ are where those hooks live.
    expect(await problems('features/staff/api/probe.ts', direct)).toEqual([]);
    expect(await problems('core/stack/probe.ts', direct)).toEqual([]);
    // The cache work (updates, invalidations) is the api/ hooks' too: a screen never holds the client.
    const client =
      "import { useQueryClient } from '@tanstack/react-query';\nexport const use = useQueryClient;\n";
    for (const screen of ['features/staff/pages/probe.tsx', 'features/staff/components/probe.tsx']) {
      expect(await problems(screen, client)).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*'useQueryClient'.*cache work.*api\/ hooks/),
      ]);
    }
    expect(await problems('features/staff/api/probe.ts', client)).toEqual([]);
    expect(await problems('core/stack/probe.ts', client)).toEqual([]);
  });

  it('refuses a progress indicator with no name, in a feature and in app/', async () => {
    const spinner = (attributes: string) =>
      `import CircularProgress from '@mui/material/CircularProgress';\nexport const S = () => <CircularProgress${attributes} />;\n`;
    const unnamed = [expect.stringMatching(/^no-restricted-syntax: Name a progress indicator/)];
    expect(await problems('features/staff/components/probe.tsx', spinner(' size={16}'))).toEqual(unnamed);
    expect(await problems('app/probe.tsx', spinner(''))).toEqual(unnamed);
    expect(await problems('features/staff/components/probe.tsx', spinner(' aria-label="Loading"'))).toEqual(
      [],
    );
    expect(await problems('core/loading/probe.tsx', spinner(' color="inherit" aria-hidden'))).toEqual([]);
  });

  it('refuses an import circle', async () => {
    // session-actions.ts imports session-store.ts: the store importing it back closes a circle.
    const circle = "import { logout } from './session-actions.ts';\nexport const end = logout;\n";
    expect(await problems('core/session/session-store.ts', circle)).toEqual([
      expect.stringMatching(/^import-x\/no-cycle: /),
    ]);
  });
});

describe('console import graph', () => {
  // import-x/no-cycle skips `import type`: the graph of every static import, types included, does not.
  it('has no circle, type-only imports included', () => {
    const graph = importGraph(src);
    expect(graph.size).toBeGreaterThan(100);
    expect(importCircles(graph, src)).toEqual([]);
  });

  it('finds a circle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/a.ts']],
      ['/c.ts', ['/a.ts']],
    ]);
    expect(importCircles(graph, '/')).toEqual([['a.ts', 'b.ts']]);
  });
});
