import type { FeatureName, StaffRole } from '@agora/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db/database.ts';
import { hashPassword } from '../platform/auth/password-hasher.ts';
import { ensureMemberClient } from '../modules/member-auth/member-auth.repository.ts';
import '../modules/staff/staff.tables.ts';

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

/** A community's row id by its slug (the community must exist). */
export function stackBySlug(db: Db, slug: string): Promise<{ id: number }> {
  return db.selectFrom('stacks').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
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

/** The admin of another community (`elsewhere`), signed in: the caller every cross-community test sends. */
export async function otherCommunityAdmin(app: FastifyInstance, db: Db): Promise<SignedIn> {
  const other = await createStack(db, 'elsewhere', 'Elsewhere');
  await addStaff(db, other, await createAccount(db, 'stranger', 'stranger-password-1'), 'stranger', 'admin');
  return signIn(app, 'stranger', 'stranger-password-1');
}

export interface CommunityFixture {
  demoId: number;
  otherId: number;
  admin: SignedIn;
  editor: SignedIn;
  /** The admin of "other", a community the demo's staff cannot see. */
  owner: SignedIn;
}

/**
 * The usual cast of a permission test: the demo's admin, an editor of the demo, and another
 * community ("other", /c/other) run by its own admin.
 */
export async function communityFixture(t: { app: FastifyInstance; db: Db }, adminPassword: string) {
  const demo = await stackBySlug(t.db, 'demo');
  const otherId = await createStack(t.db, 'other', 'Other community');
  await addStaff(t.db, otherId, await createAccount(t.db, 'owner', 'owner-password-1'), 'owner', 'admin');
  await addStaff(t.db, demo.id, await createAccount(t.db, 'ed', 'editor-password-1'), 'ed', 'editor');
  return {
    demoId: demo.id,
    otherId,
    admin: await signIn(t.app, 'admin', adminPassword),
    editor: await signIn(t.app, 'ed', 'editor-password-1'),
    owner: await signIn(t.app, 'owner', 'owner-password-1'),
  } satisfies CommunityFixture;
}

export interface RolesFixture extends CommunityFixture {
  /** A moderator of the demo ("mod"). */
  moderator: SignedIn;
}

export const MODERATOR_PASSWORD = 'moderator-password-1';

/**
 * The community with every console role: `communityFixture`'s cast (the demo's admin and editor "ed",
 * the other community's admin "owner") plus a moderator of the demo, "mod". Sign them in again with
 * `signIn(t.app, 'mod', MODERATOR_PASSWORD)` after advancing the clock past the tokens' lifetime.
 */
export async function communityWithRoles(
  t: { app: FastifyInstance; db: Db },
  adminPassword: string,
): Promise<RolesFixture> {
  const cast = await communityFixture(t, adminPassword);
  await addStaff(t.db, cast.demoId, await createAccount(t.db, 'mod', MODERATOR_PASSWORD), 'mod', 'moderator');
  return { ...cast, moderator: await signIn(t.app, 'mod', MODERATOR_PASSWORD) };
}

/**
 * Switches a community's feature flag as a hub administrator does: through the hub's route (so the
 * community's audit log records it), expecting 200. `hubAdmin` is a signed-in hub administrator.
 */
export async function setFlag(
  t: { app: FastifyInstance },
  hubAdmin: SignedIn,
  stackId: number,
  name: FeatureName | (string & {}),
  enabled: boolean,
): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/platform/api/v1/stacks/${stackId}/features/`,
    headers: { ...hubAdmin.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify({ name, enabled }),
  });
  if (res.statusCode !== 200) throw new Error(`setFlag ${name}=${enabled}: ${res.statusCode} ${res.body}`);
}

/** The error entries of an enveloped failure. */
export function errorsOf(body: string): { field?: string; code: string; message: string }[] {
  return (JSON.parse(body) as { errors: { field?: string; code: string; message: string }[] }).errors;
}

/** A member of a community with their own password (no console account). */
export async function createMember(
  db: Db,
  stackId: number,
  username: string,
  password: string,
  extra: { role?: StaffRole | null; status?: string; email?: string } = {},
): Promise<number> {
  const row = await db
    .insertInto('community_users')
    .values({
      stack_id: stackId,
      account_id: null,
      username,
      email: extra.email ?? `${username}@members.test`,
      role: extra.role ?? null,
      status: extra.status ?? 'active',
      password_hash: await hashPassword(password),
      email_validated: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Signs a member in through the community's own token endpoint with its public client id. */
export async function memberSignIn(
  app: FastifyInstance,
  db: Db,
  slug: string,
  username: string,
  password: string,
): Promise<SignedIn> {
  const stack = await db.selectFrom('stacks').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  const clientId = await ensureMemberClient(db, stack.id);
  const res = await app.inject({
    method: 'POST',
    url: `/c/${slug}/oauth/token/`,
    ...form({ grant_type: 'password', client_id: clientId, username, password }),
  });
  if (res.statusCode !== 200) throw new Error(`member sign-in failed: ${res.statusCode} ${res.body}`);
  const token = res.json();
  return {
    access: token.access_token,
    refresh: token.refresh_token,
    clientId,
    bearer: { authorization: `Bearer ${token.access_token}` },
  };
}

/** Confirms a staff member (by community slug and username) as GDPR data manager: they then see members' e-mails. */
export async function makeDataManager(db: Db, slug: string, username: string): Promise<void> {
  const user = await db
    .selectFrom('community_users as u')
    .innerJoin('stacks as s', 's.id', 'u.stack_id')
    .select(['u.id', 'u.stack_id'])
    .where('s.slug', '=', slug)
    .where('u.username', '=', username)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('staff_attributes')
    .values({
      stack_id: user.stack_id,
      user_id: user.id,
      badge: false,
      prioritize_content: false,
      disable_notifications: false,
      gdpr_data_manager: true,
      gdpr_document_signed: true,
    })
    .onConflict((oc) =>
      oc
        .columns(['stack_id', 'user_id'])
        .doUpdateSet({ gdpr_data_manager: true, gdpr_document_signed: true }),
    )
    .execute();
}
