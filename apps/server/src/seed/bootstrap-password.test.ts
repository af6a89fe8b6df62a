import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../platform/db/database.ts';
import { ConfigError } from '../platform/config/config.ts';
import { bootstrap } from './bootstrap.ts';

// Issue 10 §5: AGORA_ADMIN_PASSWORD meets the same strength rule as every other password set.
let handle: Awaited<ReturnType<typeof openDatabase>>;

beforeAll(async () => {
  handle = await openDatabase({ pgliteDir: 'memory://' });
});
afterAll(() => handle.close());

describe('the first admin’s password', () => {
  it.each(['Password1!', 'qwerty123!', 'admin2024!'])(
    'refuses %s with a message naming AGORA_ADMIN_PASSWORD, creating no account',
    async (password) => {
      let error: unknown;
      try {
        await bootstrap(handle.db, { adminEmail: 'owner@example.org', adminPassword: password });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe('AGORA_ADMIN_PASSWORD');
      expect((error as Error).message).toMatch(/AGORA_ADMIN_PASSWORD is refused: This password is too weak/);
      expect((error as Error).message).not.toContain(password);
      expect(await handle.db.selectFrom('accounts').select('id').execute()).toEqual([]);
    },
  );

  it('accepts a strong one, and a generated one when none is set', async () => {
    const made = await bootstrap(handle.db, {
      adminEmail: 'owner@example.org',
      adminPassword: 'correct-horse-battery',
    });
    expect(made).toMatchObject({ created: true, adminUsername: 'admin' });
    const other = await openDatabase({ pgliteDir: 'memory://' });
    try {
      const generated = await bootstrap(other.db, {
        adminEmail: 'owner@example.org',
        adminPassword: undefined,
      });
      expect(generated.generatedPassword).toMatch(/^[\w-]{16}$/);
    } finally {
      await other.close();
    }
  });
});
