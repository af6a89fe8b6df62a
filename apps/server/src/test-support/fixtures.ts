import type { StaffRole } from '@agora/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db/database.ts';
import { hashPassword } from '../platform/auth/password-hasher.ts';

export async function createAccount(db: Db, username: string, password: string): Promise<number> {
  const row = await db
    .insertInto('accounts')
    .values({
      first_name: username,
      last_name: 'Tester',
      username,
      email: `${username}@agora.test`,
      password_hash: await hashPassword(password),
      email_is_verified: true,
      is_active: true,
      language: 'en',
      perms: '[]',
      professional_subscriptions: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createStack(db: Db, slug: string, name: string): Promise<number> {
  const row = await db.insertInto('stacks').values({ slug, name }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function addStaff(
  db: Db,
  stackId: number,
  accountId: number | null,
  username: string,
  role: StaffRole | null,
) {
  const row = await db
    .insertInto('community_users')
    .values({ stack_id: stackId, account_id: accountId, username, role })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A form-urlencoded request body (the console's default for POST), with optional extra headers. */
export function form(
  body: Record<string, string>,
  headers: Record<string, string> = {},
): { payload: string; headers: Record<string, string> } {
  return {
    payload: new URLSearchParams(body).toString(),
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
  };
}

export interface SignedIn {
  access: string;
  refresh: string;
  clientId: string;
  bearer: { authorization: string };
}

/** Signs in through the real endpoint and returns the tokens. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/platform/api/v1/auth/signin/',
    ...form({ username, password }),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const token = res.json().data.token;
  return {
    access: token.access_token,
    refresh: token.refresh_token,
    clientId: token.client_id,
    bearer: { authorization: `Bearer ${token.access_token}` },
  };
}
