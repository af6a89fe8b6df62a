import { randomBytes } from 'node:crypto';
import type { Db } from '../platform/db/database.ts';
import { hashPassword } from '../platform/auth/password-hasher.ts';
import { passwordWeakness } from '../platform/auth/password-strength.ts';
import { ConfigError } from '../platform/config/config.ts';
import { CONSOLE_CLIENT_ID } from '../modules/auth/auth.service.ts';
import { seedDemoLegalPages } from '../modules/legal-pages/legal-pages.service.ts';
import { seedBaseMenu } from '../modules/menus/menus.repository.ts';

export interface BootstrapOptions {
  adminEmail: string;
  adminPassword: string | undefined;
}

export interface BootstrapResult {
  /** True when this start created the first admin (a fresh database). */
  created: boolean;
  adminEmail: string;
  adminUsername: string;
  /** Set only when the password was generated now: it is shown once and never stored in clear. */
  generatedPassword?: string;
}

function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * A fresh database gets the console's OAuth client, the first admin account and a demo community
 * "Demo" (/c/demo) whose admin is that account. Later starts change nothing.
 */
export async function bootstrap(db: Db, options: BootstrapOptions): Promise<BootstrapResult> {
  await db
    .insertInto('oauth_clients')
    .values({
      client_id: CONSOLE_CLIENT_ID,
      name: 'Agora console',
      is_confidential: false,
      allowed_grants: JSON.stringify(['password', 'refresh_token']),
    })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();

  const existing = await db
    .selectFrom('accounts')
    .select(['email', 'username'])
    .orderBy('id')
    .executeTakeFirst();
  if (existing) return { created: false, adminEmail: existing.email, adminUsername: existing.username };

  const generatedPassword = options.adminPassword ? undefined : generatePassword();
  const password = options.adminPassword ?? (generatedPassword as string);
  const username = 'admin';
  // The chosen password meets the same strength rule as every other password that is set.
  const weak = options.adminPassword
    ? passwordWeakness(options.adminPassword, [username, options.adminEmail])
    : undefined;
  if (weak) throw new ConfigError('AGORA_ADMIN_PASSWORD', `is refused: ${weak.message}`);
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .insertInto('accounts')
      .values({
        first_name: 'Agora',
        last_name: 'Admin',
        username,
        email: options.adminEmail,
        password_hash: await hashPassword(password),
        email_is_verified: true,
        is_active: true,
        language: 'en',
        perms: JSON.stringify(['hub.admin']),
        professional_subscriptions: JSON.stringify([]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stack = await trx
      .insertInto('stacks')
      .values({
        slug: 'demo',
        name: 'Demo',
        community_type: 'community',
        status: 'online',
        plan: 'enterprise',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('community_users')
      .values({
        stack_id: stack.id,
        account_id: account.id,
        username,
        email: options.adminEmail,
        role: 'admin',
      })
      .execute();
    await seedBaseMenu(trx, stack.id);
    await seedDemoLegalPages(trx, stack.id, new Date());
    return {
      created: true,
      adminEmail: options.adminEmail,
      adminUsername: username,
      ...(generatedPassword ? { generatedPassword } : {}),
    };
  });
}
