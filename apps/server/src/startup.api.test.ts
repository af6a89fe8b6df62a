import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { prepareDatabase } from './startup.ts';
import { scratchPostgresDatabase } from './test-support/test-app.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

function configFor(databaseUrl: string | undefined, dataDir: string) {
  return {
    databaseUrl,
    databaseDirectUrl: undefined,
    dataDir,
    adminEmail: 'owner@agora.test',
    adminPassword: 'correct-horse-battery-9',
  };
}

describe('start of a process', () => {
  it.skipIf(!serverUrl)(
    'brings up three processes started at the same moment on a fresh PostgreSQL database: one migrates and seeds',
    async () => {
      const scratch = await scratchPostgresDatabase(serverUrl!);
      try {
        const starts = await Promise.allSettled(
          [1, 2, 3].map(() => prepareDatabase(configFor(scratch.url, os.tmpdir()))),
        );
        const up = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
        expect(starts.filter((s) => s.status === 'rejected')).toEqual([]);
        expect(up.filter((s) => s.seeded.created)).toHaveLength(1);
        const { db } = up[0]!.handle;
        expect(await db.selectFrom('accounts').select('username').execute()).toHaveLength(1);
        expect((await db.selectFrom('stacks').select('slug').execute()).map((s) => s.slug)).toEqual(['demo']);
        for (const start of up) await start.handle.close();
      } finally {
        await scratch.drop();
      }
    },
    120_000,
  );
});
