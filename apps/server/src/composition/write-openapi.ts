import fs from 'node:fs/promises';
import path from 'node:path';
import { buildTestApp } from '../test-support/test-app.ts';

/** Writes the generated OpenAPI document that is committed beside the server (npm run openapi). */
export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../../openapi.json');

export function renderOpenApi(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t = await buildTestApp();
  await fs.writeFile(OPENAPI_FILE, renderOpenApi(t.app.swagger()));
  await t.close();
  console.log(`wrote ${OPENAPI_FILE}`);
}
