import path from 'node:path';
import type { Config } from './platform/config/config.ts';
import { openDatabase, type DatabaseHandle } from './platform/db/database.ts';
import { withStartupLock } from './platform/db/startup-lock.ts';
import { bootstrap, type BootstrapResult } from './seed/bootstrap.ts';
import { seedDemoActivity } from './seed/demo-activity.ts';

/** How long the server keeps an idle PostgreSQL connection: five minutes. */
const IDLE_CONNECTION_SECONDS = 300;

/**
 * Opens the database and does a start's one-time work: migrations, the first admin and the demo
 * community with a year of generated activity on a fresh database. On PostgreSQL the work is
 * serialised between processes (`withStartupLock`), so any number of them started at once all come
 * up and exactly one migrates and seeds.
 */
export async function prepareDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseDirectUrl' | 'dataDir' | 'adminEmail' | 'adminPassword'>,
  options: { log?: (line: string) => void } = {},
): Promise<{ handle: DatabaseHandle; seeded: BootstrapResult }> {
  return withStartupLock(config.databaseDirectUrl ?? config.databaseUrl, async () => {
    const handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      // The server keeps its pooled connections warm through quiet minutes (ADR 0044).
      idleSeconds: IDLE_CONNECTION_SECONDS,
      pgliteDir: path.join(config.dataDir, 'pglite'),
    });
    try {
      const seeded = await bootstrap(handle.db, {
        adminEmail: config.adminEmail,
        adminPassword: config.adminPassword,
      });
      // A fresh database: the demo community gets a year of generated activity (a few seconds, once).
      if (seeded.created) await seedDemoActivity(handle.db, options.log ? { log: options.log } : {});
      return { handle, seeded };
    } catch (error) {
      await handle.close();
      throw error;
    }
  });
}
