import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The static import graph of a source folder and its circles, type-only imports included: lint's
 * `import-x/no-cycle` skips `import type`, this does not. Shared by the console's
 * (`apps/console/src/test/boundaries.test.ts`) and the server's
 * (`apps/server/src/composition/server-layers.test.ts`) checks, so both read imports the same way.
 */

/** Each `.ts`/`.tsx` file under `dir` and the files it imports by a relative path (dynamic `import()` aside). */
export function importGraph(dir: string): Map<string, string[]> {
  const files = (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
  const graph = new Map<string, string[]>();
  const specifier = /^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"](\.[^'"]+)['"]/gm;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    graph.set(
      file,
      [...text.matchAll(specifier)].map((match) => path.resolve(path.dirname(file), match[1]!)),
    );
  }
  return graph;
}

/**
 * Every circle's members (strongly connected components of more than one file, or a self-import),
 * named relative to `root`.
 */
export function importCircles(graph: Map<string, string[]>, root: string): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        members.push(path.relative(root, member));
      } while (member !== node);
      if (members.length > 1 || graph.get(node)!.includes(node)) found.push(members.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}
