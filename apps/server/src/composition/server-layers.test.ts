import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../../../test-support/import-graph.ts';

// The server's layers are held by lint (apps/server/eslint-layers.js, through the root config): these
// snippets, linted as if they were files of the server, prove each rule fires, so deleting a rule
// turns this test red.
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, text: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, 'apps/server/src', file) });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

const boundary = 'import-x/no-restricted-paths';

describe('server layers (lint)', () => {
  it('refuses a module imported by the platform, even as a type', async () => {
    const found = await problems(
      'platform/mail/layer-probe.ts',
      "import type { StacksService } from '../../modules/stacks/stacks.service.ts';\nexport type S = StacksService;\n",
    );
    expect(found).toContainEqual({
      rule: boundary,
      message: expect.stringMatching(/platform imports no area/),
    });
  });

  it('refuses the composition root, analytics and the seed in the platform', async () => {
    for (const target of [
      '../../composition/app-wiring.ts',
      '../../analytics/cube-api.routes.ts',
      '../../seed/bootstrap.ts',
    ]) {
      const found = await problems('platform/http/layer-probe.ts', `import '${target}';\n`);
      expect(found.map((p) => p.rule)).toContain(boundary);
    }
  });

  it("lets a test under platform/ import a module (tests are not the platform's runtime)", async () => {
    const found = await problems(
      'platform/http/layer-probe.api.test.ts',
      "import { setFeature } from '../../modules/features/features.repository.ts';\nexport const f = setFeature;\n",
    );
    expect(found.map((p) => p.rule)).not.toContain(boundary);
  });

  it("refuses another module's private file and allows its public ones", async () => {
    const privateFile = await problems(
      'modules/users/layer-probe.ts',
      "import { registerStaffRoutes } from '../staff/staff.routes.ts';\nexport const r = registerStaffRoutes;\n",
    );
    expect(privateFile).toContainEqual({ rule: boundary, message: expect.stringMatching(/public files/) });
    const publicFiles = await problems(
      'modules/users/layer-probe.ts',
      "import { createStaffService } from '../staff/staff.service.ts';\nimport * as repo from '../staff/staff.repository.ts';\nexport const s = [createStaffService, repo];\n",
    );
    expect(publicFiles.map((p) => p.rule)).not.toContain(boundary);
  });

  it('refuses the composition root in a module', async () => {
    const found = await problems('modules/users/layer-probe.ts', "import '../../app.ts';\n");
    expect(found.map((p) => p.rule)).toContain(boundary);
  });

  it('refuses an import circle', async () => {
    // stacks.service.ts imports stacks.repository.ts: the repository importing the service closes a loop.
    const found = await problems(
      'modules/stacks/stacks.repository.ts',
      "import { createStacksService } from './stacks.service.ts';\nexport const c = createStacksService;\n",
    );
    expect(found.map((p) => p.rule)).toContain('import-x/no-cycle');
  });
});

// import-x/no-cycle skips `import type`, so a circle of types only would pass lint: the graph of every
// static import, types included (the same check as the console's), holds the rule for those too.
describe('server import graph', () => {
  const src = path.join(root, 'apps/server/src');

  it('has no circle, type-only imports included', () => {
    const graph = importGraph(src);
    expect(graph.size).toBeGreaterThan(100);
    expect(importCircles(graph, src)).toEqual([]);
  });

  it('finds a circle of type-only imports, which lint lets through', async () => {
    const typeOnly =
      "import type { StacksService } from './stacks.service.ts';\nexport type S = StacksService;\n";
    const linted = await problems('modules/stacks/stacks.repository.ts', typeOnly);
    expect(linted.map((p) => p.rule)).not.toContain('import-x/no-cycle');
    const graph = importGraph(src);
    const repository = path.join(src, 'modules/stacks/stacks.repository.ts');
    graph.set(repository, [...graph.get(repository)!, path.join(src, 'modules/stacks/stacks.service.ts')]);
    expect(importCircles(graph, src)).toEqual([
      expect.arrayContaining(['modules/stacks/stacks.repository.ts', 'modules/stacks/stacks.service.ts']),
    ]);
  });
});
