import {
  isEmailAddress,
  CONSOLE_USER_BIO_MAX,
  CONSOLE_USER_EXT_ID_MAX,
  CONSOLE_USER_REAL_NAME_MAX,
  ErrorCode,
  USERS_MESSAGES as M,
  UsersErrorCode,
  type ConsoleUser,
  type UserCategory,
  type UserConnection,
  type UserFollow,
  type UserUpdateBody,
} from '@agora/contract';
import { AppError, errorEntry, type AppErrorEntry } from '../../platform/errors/app-error.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { effectiveStanding } from '../../platform/member-scope/member-standing.ts';
import type { StaffMembership } from '../stacks/stacks.repository.ts';
import { tagsOfUsers } from '../tagging/user-tags.repository.ts';
import { countersOf, pageOfConnections, pageOfFollows } from '../member-people/member-people.repository.ts';
import {
  connectionDates,
  followDates,
  followedCategories,
} from '../member-people/relation-dates.repository.ts';
import * as repo from './users.repository.ts';
import { seesEmails } from '../staff/email-visibility.service.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';

type Caller = Pick<StaffMembership, 'stackId' | 'userId' | 'role'>;

export interface Page<T> {
  count: number;
  results: T[];
}

/** Whether the caller may see emails: admins, and staff with the GDPR data-manager attribute (mgmt §6). */

/** A text field of the update body: undefined when absent, a string, or a field error. */
function textOf(value: unknown, field: string, max: number, tooLong: string, errors: AppErrorEntry[]) {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') {
    errors.push(errorEntry(ErrorCode.invalid, M.notText, field));
    return undefined;
  }
  const text = String(value).trim();
  if (text.length > max) {
    errors.push(errorEntry(UsersErrorCode.maxLength, tooLong, field));
    return undefined;
  }
  return text;
}

/** A generated avatar: the initial on a colour derived from the username. */
export function avatarSvg(username: string): string {
  let hash = 0;
  for (const ch of username.toLowerCase()) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  const hue = hash % 360;
  const initial = ([...username][0] ?? '?').toUpperCase();
  const letter = initial.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">' +
    `<rect width="128" height="128" fill="hsl(${hue}, 55%, 45%)"/>` +
    '<text x="64" y="64" dy="0.35em" text-anchor="middle" fill="#ffffff" ' +
    `font-family="Helvetica, Arial, sans-serif" font-size="64">${letter}</text></svg>`
  );
}

/** Console: one community user, its update, avatar, followed categories, follows and connections. */
export function createUsersService(deps: Pick<PlatformDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  async function found(stackId: number, by: { id: number } | { username: string }) {
    const row = await repo.findUser(db, stackId, by);
    if (!row) throw AppError.of(404, UsersErrorCode.userNotFound, M.userNotFound);
    return row;
  }

  async function toUser(stackId: number, row: repo.UserRow, showEmail: boolean): Promise<ConsoleUser> {
    const [tags, counters] = await Promise.all([
      tagsOfUsers(db, stackId, [row.id]),
      countersOf(db, stackId, [row.id], clock.now()),
    ]);
    const c = counters.get(row.id);
    return {
      id: row.id,
      username: row.username,
      real_name: row.real_name,
      email: showEmail ? row.email : null,
      role: row.role,
      status: effectiveStanding(row.status, row.ban_until, clock.now()),
      email_validated: row.email_validated,
      bio: row.bio,
      ext_id: row.ext_id,
      registered: row.created_at.toISOString(),
      last_visit: row.last_login ? row.last_login.toISOString() : null,
      score: row.score,
      tags: tags.map(({ id, name, color }) => ({ id, name, color })),
      followers: c?.followers ?? 0,
      followings: c?.followings ?? 0,
      connections: c?.connections ?? 0,
      posts: c?.posts ?? 0,
    };
  }

  return {
    async get(
      caller: Caller,
      by: { id?: number | undefined; username?: string | undefined },
    ): Promise<ConsoleUser> {
      const key = by.id !== undefined ? { id: by.id } : by.username ? { username: by.username } : undefined;
      if (!key) throw AppError.of(400, ErrorCode.required, M.idOrUsername, 'id');
      const row = await found(caller.stackId, key);
      return toUser(caller.stackId, row, await seesEmails(db, caller.stackId, caller.userId));
    },

    /** A partial update of real_name, bio, email and ext_id; fully deleted users are refused. */
    async update(caller: Caller, id: number, body: UserUpdateBody): Promise<ConsoleUser> {
      const row = await found(caller.stackId, { id });
      if (row.status === 'fully_deleted') throw AppError.of(409, UsersErrorCode.erased, M.erased);
      const errors: AppErrorEntry[] = [];
      const changes: repo.UserChanges = {};
      const realName = textOf(
        body.real_name,
        'real_name',
        CONSOLE_USER_REAL_NAME_MAX,
        M.realNameTooLong,
        errors,
      );
      if (realName !== undefined) changes.real_name = realName;
      const bio = textOf(body.bio, 'bio', CONSOLE_USER_BIO_MAX, M.bioTooLong, errors);
      if (bio !== undefined) changes.bio = bio;
      const email = textOf(body.email, 'email', 254, M.emailInvalid, errors);
      if (email !== undefined) {
        if (email === '') errors.push(errorEntry(ErrorCode.required, M.required, 'email'));
        else if (!isEmailAddress(email)) errors.push(errorEntry(ErrorCode.invalid, M.emailInvalid, 'email'));
        else if (await repo.emailTakenByOther(db, caller.stackId, email, id)) {
          errors.push(errorEntry(UsersErrorCode.unique, M.emailTaken, 'email'));
        } else changes.email = email;
      }
      const extId =
        body.ext_id === null
          ? ''
          : textOf(body.ext_id, 'ext_id', CONSOLE_USER_EXT_ID_MAX, M.extIdTooLong, errors);
      if (extId !== undefined) {
        if (extId === '') changes.ext_id = null;
        else if (await repo.extIdTakenByOther(db, caller.stackId, extId, id)) {
          errors.push(errorEntry(UsersErrorCode.unique, M.extIdTaken, 'ext_id'));
        } else changes.ext_id = extId;
      }
      if (errors.length > 0) throw new AppError(400, errors);
      try {
        await repo.updateUser(db, caller.stackId, id, changes);
      } catch (error) {
        // Another update took the same ext_id meanwhile.
        if (isUniqueViolation(error)) {
          throw new AppError(400, [errorEntry(UsersErrorCode.unique, M.extIdTaken, 'ext_id')]);
        }
        throw error;
      }
      return toUser(
        caller.stackId,
        await found(caller.stackId, { id }),
        await seesEmails(db, caller.stackId, caller.userId),
      );
    },

    /** The avatar of a user of the community (we store none: a generated SVG). */
    async avatar(stackId: number, username: string): Promise<string> {
      const row = await found(stackId, { username });
      return avatarSvg(row.username);
    },

    async categories(stackId: number, userId: number): Promise<UserCategory[]> {
      await found(stackId, { id: userId });
      const rows = await followedCategories(db, stackId, userId);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        slug: r.slug,
        followed_at: r.created_at.toISOString(),
      }));
    },

    /** Who follows the user (`followers`) or whom the user follows (`followings`), newest first. */
    async follows(
      stackId: number,
      userId: number,
      direction: 'followers' | 'followings',
      limit: number,
      offset: number,
    ): Promise<Page<UserFollow>> {
      await found(stackId, { id: userId });
      const { count, ids } = await pageOfFollows(db, stackId, userId, direction, limit, offset);
      const [names, dates] = await Promise.all([
        repo.namesOf(db, stackId, ids),
        followDates(db, stackId, userId, ids, direction),
      ]);
      const results = ids.flatMap((id) => {
        const name = names.get(id);
        const at = dates.get(id);
        return name && at ? [{ id, ...name, followed_at: at.toISOString() }] : [];
      });
      return { count, results };
    },

    async connections(
      stackId: number,
      userId: number,
      limit: number,
      offset: number,
    ): Promise<Page<UserConnection>> {
      await found(stackId, { id: userId });
      const { count, ids } = await pageOfConnections(db, stackId, userId, limit, offset);
      const [names, dates] = await Promise.all([
        repo.namesOf(db, stackId, ids),
        connectionDates(db, stackId, userId, ids),
      ]);
      const results = ids.flatMap((id) => {
        const name = names.get(id);
        const at = dates.get(id);
        return name && at ? [{ id, ...name, connected_at: at.toISOString() }] : [];
      });
      return { count, results };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
