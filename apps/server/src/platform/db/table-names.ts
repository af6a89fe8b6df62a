import type { OperationNode } from 'kysely';

const WRITE_KINDS: ReadonlySet<string> = new Set([
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'MergeQueryNode',
]);

/** Visits every operation node of a Kysely query tree (the tree is plain, acyclic data). */
function visit(node: unknown, onNode: (node: OperationNode) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, onNode);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (typeof record.kind === 'string') onNode(node as OperationNode);
  for (const value of Object.values(record)) visit(value, onNode);
}

/** The names of every table a query names (FROM, JOIN, INTO, sub-queries, CTEs), without schema. */
export function tablesNamedIn(node: OperationNode, into: Set<string> = new Set()): Set<string> {
  visit(node, (child) => {
    if (child.kind === 'TableNode') {
      const table = (child as unknown as { table: { identifier: { name: string } } }).table;
      into.add(table.identifier.name);
    }
  });
  return into;
}

/** The text of the raw SQL fragments inside a query tree (tables they name cannot be listed). */
export function rawTextIn(node: OperationNode): string {
  const parts: string[] = [];
  visit(node, (child) => {
    if (child.kind === 'RawNode') {
      parts.push(...(child as unknown as { sqlFragments: readonly string[] }).sqlFragments);
    }
  });
  return parts.join(' ');
}

/** Whether a query tree changes data anywhere (also in a data-modifying CTE of a SELECT). */
export function writesData(node: OperationNode): boolean {
  if (WRITE_KINDS.has(node.kind)) return true;
  let found = false;
  visit(node, (child) => {
    if (WRITE_KINDS.has(child.kind)) found = true;
  });
  return found;
}

// Raw SQL that reads or only steers the session/transaction. Anything else sent as raw text is
// taken for a write whose tables are unknown (over-reporting is harmless, missing one is not).
const READ_ONLY_SQL =
  /^\s*(select|values|show|explain|begin|start\s+transaction|commit|end|rollback|savepoint|release|set|reset|listen|unlisten|notify)\b/i;

const WITH_QUERY = /^\s*with\b/i;
const WRITE_WORD = /\b(insert|update|delete|merge|truncate)\b/i;

/** Whether a raw SQL text may change data (a CTE query counts as a read unless it names a write). */
export function rawSqlMayWrite(text: string): boolean {
  if (READ_ONLY_SQL.test(text)) return false;
  return !(WITH_QUERY.test(text) && !WRITE_WORD.test(text));
}

/** Whether `text` names `table` as a whole word (quoted or not). */
export function sqlNamesTable(text: string, table: string): boolean {
  return new RegExp(`(^|[^a-z0-9_])${table}($|[^a-z0-9_])`, 'i').test(text);
}
