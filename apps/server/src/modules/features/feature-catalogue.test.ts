import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES, isFeatureComing } from '@agora/contract';

// The flag catalogue says once which flags belong to an area Agora has (issue 12 §2): a live flag
// must gate something — a route's `config.feature`, a service's `requireFeature`/`hasFeature`, a
// preference's `feature`, a console area, tab or `useFeature` — or the hub would offer a switch that
// changes nothing; a flag marked `coming` must gate nothing, or an area was built and its flag is
// still refused and off. This test reads every runtime file of the server, the console and the
// contract and finds where each flag name is used as a gate.

const root = path.resolve(import.meta.dirname, '../../../../..');
const SOURCES = ['apps/server/src', 'apps/console/src', 'packages/contract/src'];

function runtimeFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'test-support' || entry.name === 'test') continue;
      files.push(...runtimeFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name)) {
      files.push(full);
    }
  }
  return files;
}

/**
 * The flag names a source file uses as gates: `feature: 'x'` (a route's config, a console area or
 * tab, a preference), or the flag argument of `useFeature`, `requireFeature`, `hasFeature`,
 * `isFeatureEnabled`.
 */
export function gatedNames(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const patterns = [
    /\bfeature\s*:\s*['"]([a-z0-9_]+)['"]/g,
    /\b(?:useFeature|requireFeature|hasFeature|isFeatureEnabled)\(\s*(?:[^()'"]*?,\s*)?['"]([a-z0-9_]+)['"]/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] as string));
}

function gatesByName(): Map<string, string[]> {
  const gates = new Map<string, string[]>();
  for (const file of SOURCES.flatMap((dir) => runtimeFiles(path.join(root, dir)))) {
    for (const name of gatedNames(fs.readFileSync(file, 'utf8'))) {
      gates.set(name, [...(gates.get(name) ?? []), path.relative(root, file)]);
    }
  }
  return gates;
}

describe('the feature flag catalogue', () => {
  it('finds a gate in each of its forms, and not a name used for something else', () => {
    expect(gatedNames("const config = { ...areaAccess('x'), feature: 'scoring' as const };")).toEqual([
      'scoring',
    ]);
    expect(gatedNames("await requireFeature(db, stackId, 'moderation_flags');")).toEqual([
      'moderation_flags',
    ]);
    expect(gatedNames("if (!(await hasFeature(deps.db, stackId, 'scoring'))) return;")).toEqual(['scoring']);
    expect(gatedNames("const on = useFeature('incubators');")).toEqual(['incubators']);
    expect(gatedNames("features ? isFeatureEnabled(features, 'domain') : undefined")).toEqual(['domain']);
    expect(gatedNames("{ path: 'loyalty', labelId: 'x' }; if (text === 'advertising') return;")).toEqual([]);
    expect(gatedNames("// feature: 'payments'\nconst a = 1;")).toEqual([]);
  });

  it('has every live flag gate something in the server or the console', () => {
    const gates = gatesByName();
    const idle = FEATURE_NAMES.filter((name) => !isFeatureComing(name) && !gates.has(name));
    expect(idle, 'live flags that gate nothing: mark them `coming: true` in the contract').toEqual([]);
  });

  it('has no flag marked coming gate anything (its area exists: delete `coming: true`)', () => {
    const gates = gatesByName();
    const used = FEATURE_NAMES.filter((name) => isFeatureComing(name) && gates.has(name)).map(
      (name) => `${name}: ${(gates.get(name) ?? []).join(', ')}`,
    );
    expect(used).toEqual([]);
  });
});
