/**
 * The community every bench measures: the demo community bootstrapped on the bench's database, and
 * the real server built on it as `npm start` builds it (minus the console files), with a sign-in
 * throttle no bench run can reach.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config/config.ts';
import type { DatabaseHandle } from '../apps/server/src/platform/db/database.ts';
import { bootstrap } from '../apps/server/src/seed/bootstrap.ts';

const ADMIN_EMAIL = 'bench@agora.test';
/** The password of the bootstrapped admin (username `admin`). */
export const BENCH_ADMIN_PASSWORD = 'bench-correct-horse-battery';

/** Bootstraps the demo community on an opened database and answers its id. */
export async function bootstrapDemo(handle: DatabaseHandle): Promise<number> {
  await bootstrap(handle.db, { adminEmail: ADMIN_EMAIL, adminPassword: BENCH_ADMIN_PASSWORD });
  const { id } = await handle.db
    .selectFrom('stacks')
    .select('id')
    .where('slug', '=', 'demo')
    .executeTakeFirstOrThrow();
  return id;
}

export type BenchApp = Awaited<ReturnType<typeof buildApp>>;

/** The server on the database, ready; `close` also removes its temporary data directory. */
export async function startBenchApp(
  handle: DatabaseHandle,
  bench: string,
): Promise<{ app: BenchApp; close(): Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `agora-bench-${bench}-`));
  const config = loadConfig({
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    AGORA_ADMIN_EMAIL: ADMIN_EMAIL,
    AGORA_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({
    config,
    db: handle.db,
    writes: handle.writes,
    throttle: { windowSeconds: 900, perAccount: 1e9, perIp: 1e9 },
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
