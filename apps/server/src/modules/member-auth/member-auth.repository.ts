import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { MEMBER_CLIENT_PREFIX } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { accountCredentials } from '../auth/account-credentials.repository.ts';
import {
  accountEmailTaken,
  accountUsernameTaken,
  createHandOffAccount,
} from '../auth/hand-off-accounts.repository.ts';
import { createPublicClient } from '../auth/token.repository.ts';
import { claimMemberClient, findStack } from '../stacks/stack-row.repository.ts';
import { tagIdsOfUser } from '../tagging/user-tags.repository.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import {
  linkConsoleAccount,
  memberCredentialRows,
  recordLastLogin,
} from '../users/member-sign-in.repository.ts';
import './member-auth.tables.ts';

/** The community's public OAuth client for its members, created on first use. */
export async function ensureMemberClient(db: Db, stackId: number): Promise<string> {
  const row = await findStack(db, stackId);
  if (!row) throw new Error(`No community ${stackId}`);
  if (row.member_client_id) return row.member_client_id;
  const clientId = `${MEMBER_CLIENT_PREFIX}${row.slug}-${randomBytes(6).toString('hex')}`;
  await db.transaction().execute(async (trx) => {
    if (await claimMemberClient(trx, stackId, clientId)) {
      await createPublicClient(trx, clientId, `Members of ${row.slug}`, ['password', 'refresh_token']);
    }
  });
  return (await findStack(db, stackId))?.member_client_id as string;
}

/** A member by username or email (case-insensitive), with what signing in needs. */
export async function findMemberByLogin(db: Db, stackId: number, login: string) {
  const lower = login.trim().toLowerCase();
  return db
    .selectFrom(memberCredentialRows(db).as('u'))
    .leftJoin(accountCredentials(db).as('a'), 'a.id', 'u.account_id')
    .select([
      'u.id',
      'u.username',
      'u.role',
      'u.password_hash',
      'u.account_id',
      'a.password_hash as account_password_hash',
      'a.is_active as account_active',
    ])
    .where('u.stack_id', '=', stackId)
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(u.username)`, '=', lower),
        eb.and([eb(sql<string>`lower(u.email)`, '=', lower), eb('u.email', '!=', '')]),
      ]),
    )
    .orderBy('u.id')
    .executeTakeFirst();
}

/** One user of the community, as the users module offers its rows. */
function userRow(db: Db, stackId: number, userId: number) {
  return db
    .selectFrom(communityUserRows(db).as('u'))
    .where('u.stack_id', '=', stackId)
    .where('u.id', '=', userId);
}

export async function findMemberById(db: Db, stackId: number, userId: number) {
  return userRow(db, stackId, userId).select(['u.id', 'u.username', 'u.role']).executeTakeFirst();
}

/** A sign-in counts as a visit (analytics' logins) and as the member's last login. */
export async function recordMemberLogin(db: Db, stackId: number, userId: number, at: Date): Promise<void> {
  await db.insertInto('logins').values({ stack_id: stackId, user_id: userId, at, source: 'app' }).execute();
  await recordLastLogin(db, stackId, userId, at);
}

/** What `sso/signin` answers about the caller. */
export async function ssoProfile(db: Db, stackId: number, userId: number) {
  const user = await userRow(db, stackId, userId)
    .select(['u.id', 'u.ext_id', 'u.username', 'u.role'])
    .executeTakeFirstOrThrow();
  return { ...user, tags: await tagIdsOfUser(db, stackId, userId) };
}

/**
 * The console account of a staff member who joined as a member (no account yet): created on their
 * first hand-off to the console, with an unusable password (they come in through the community's
 * hand-off, never with a console password) and linked to their community row.
 */
export async function ensureConsoleAccount(db: Db, stackId: number, userId: number): Promise<number> {
  const member = await userRow(db, stackId, userId)
    .select(['u.account_id', 'u.username', 'u.email'])
    .executeTakeFirstOrThrow();
  if (member.account_id) return member.account_id;
  const stack = await findStack(db, stackId);
  if (!stack) throw new Error(`No community ${stackId}`);
  const row = { ...member, slug: stack.slug };
  let username = `${row.slug}.${row.username}`;
  for (let n = 2; await accountUsernameTaken(db, username); n += 1) {
    username = `${row.slug}.${row.username}-${n}`;
  }
  const email =
    row.email && !(await accountEmailTaken(db, row.email))
      ? row.email
      : `${row.slug}.${userId}@members.agora.invalid`;
  const accountId = await createHandOffAccount(db, { firstName: row.username, username, email });
  return linkConsoleAccount(db, stackId, userId, accountId);
}
