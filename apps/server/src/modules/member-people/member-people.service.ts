import type { FastifyRequest } from 'fastify';
import {
  CONSOLE_ROLES,
  MEMBER_PEOPLE_MESSAGES as M,
  type MemberUserObject,
  type PreferenceValue,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { MemberCaller } from '../../platform/member-scope/member-scope.ts';
import { createDynamicPreferencesService } from '../dynamic-preferences/dynamic-preferences.service.ts';
import { memberUsers } from './member-user.repository.ts';
import { emailsOf, memberRow } from '../users/member-identity.repository.ts';
import * as repo from './member-people.repository.ts';
import { seesEmails } from '../staff/email-visibility.service.ts';

type Deps = Pick<PlatformDeps, 'db' | 'clock' | 'secretBox'>;

/** Staff who may see members' emails and members awaiting approval: admins, moderators, editors. */
export function isStaffCaller(caller: MemberCaller | undefined): boolean {
  return !!caller?.role && (CONSOLE_ROLES as readonly string[]).includes(caller.role);
}

/** A community's preference values by name. */
export async function preferenceValues<N extends string>(
  deps: Deps,
  stackId: number,
  names: readonly N[],
): Promise<Record<N, PreferenceValue>> {
  const list = await createDynamicPreferencesService(deps).list(stackId, [...names]);
  return Object.fromEntries(list.map((p) => [p.name, p.value])) as Record<N, PreferenceValue>;
}

/**
 * Reads that SelfCommunity opens to anonymous callers only while `content_availability` is on
 * (the community's content is public).
 */
export async function requireReader(deps: Deps, request: FastifyRequest, stackId: number): Promise<void> {
  if (request.member) return;
  const { content_availability } = await preferenceValues(deps, stackId, ['content_availability']);
  if (content_availability !== true) throw AppError.unauthenticated();
}

/** A member of this community another caller may look at (404 for other communities' ids). */
export async function visibleMember(deps: Deps, stackId: number, id: number, caller?: MemberCaller) {
  const row = await memberRow(deps.db, stackId, id);
  const hidden =
    !row ||
    row.status === 'fully_deleted' ||
    ((row.status === 'pending' || row.status === 'ignored') &&
      caller?.userId !== id &&
      !isStaffCaller(caller));
  if (hidden) throw AppError.notFound(M.userNotFound);
  return row;
}

/**
 * Members as the API shows them, in the order of `ids`: the User object with counters and, for a
 * signed-in caller, how they relate to each one; the email only to the member and to GDPR data managers.
 */
export async function presentUsers(
  deps: Deps,
  stackId: number,
  ids: readonly number[],
  caller?: MemberCaller,
): Promise<MemberUserObject[]> {
  const users = await memberUsers(deps.db, stackId, ids, deps.clock.now());
  const counters = await repo.countersOf(deps.db, stackId, [...users.keys()], deps.clock.now());
  const relations = caller
    ? await repo.relationsOf(deps.db, stackId, caller.userId, [...users.keys()])
    : new Map();
  // E-mails: the member's own, and everyone's for the community's GDPR data managers.
  const manager = caller ? await seesEmails(deps.db, stackId, caller.userId) : false;
  const mayRead = [...users.keys()].filter((id) => manager || caller?.userId === id);
  const emails = await emailsOf(deps.db, stackId, mayRead);
  const result: MemberUserObject[] = [];
  for (const id of ids) {
    const user = users.get(id);
    if (!user) continue;
    const c = counters.get(id);
    result.push({
      ...user,
      ...(emails.has(id) ? { email: emails.get(id) } : {}),
      followings_counter: c?.followings ?? 0,
      followers_counter: c?.followers ?? 0,
      posts_counter: c?.posts ?? 0,
      discussions_counter: c?.discussions ?? 0,
      statuses_counter: c?.statuses ?? 0,
      polls_counter: c?.polls ?? 0,
      categories_counter: c?.categories ?? 0,
      connection_status: caller && caller.userId !== id ? (relations.get(id) ?? null) : null,
    });
  }
  return result;
}

export async function presentUser(deps: Deps, stackId: number, id: number, caller?: MemberCaller) {
  const [user] = await presentUsers(deps, stackId, [id], caller);
  if (!user) throw AppError.notFound(M.userNotFound);
  return user;
}
