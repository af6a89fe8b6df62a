import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  INVITATION_CSV_REPORTED_ERRORS,
  INVITATION_MESSAGES as M,
  InvitationErrorCode,
  checkInvitationInput,
  type Invitation,
  type InvitationImportError,
  type InvitationImportProblem,
  type InvitationImportResult,
  type InvitationListQuery,
  type InvitationRole,
  type InvitationSend,
  type InvitationWrite,
  type MemberInvite,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import type { Db } from '../../platform/db/database.ts';
import type { JobContext } from '../../platform/jobs/job-queue.ts';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import type { StaffMembership } from '../../platform/stack-scope/stack-scope.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { createDynamicPreferencesService } from '../dynamic-preferences/dynamic-preferences.service.ts';
import { recipientLocale, renderEmail } from '../email-manager/email-manager.service.ts';
import { findStack } from '../stacks/stack-row.repository.ts';
import { tagsByIds, userTagIds } from '../tagging/tagging.repository.ts';
import { activeUserTags } from '../tagging/user-tag-assignment.repository.ts';
import { addUserTags } from '../tagging/user-tag-rows.repository.ts';
import { categoriesByIds } from '../categories/categories.repository.ts';
import { categoryRows, existingCategoryIds } from '../categories/category-rows.repository.ts';
import { followCategoriesAtSignUp } from '../member-people/category-interests.repository.ts';
import * as repo from './invitations.repository.ts';
import { parseInvitationCsv, splitNames } from './invitation-csv.ts';
import { invitationSignUpUrl } from './invitation-sign-up-url.ts';

export const INVITATION_SEND_JOB = 'invitations.send';
/** Invitations a sending task reads at a time. */
const SEND_BATCH = 50;

type Deps = Pick<PlatformDeps, 'db' | 'clock' | 'secretBox' | 'jobs' | 'mailer' | 'config'>;

/** A new, unguessable invite code: 144 random bits in URL-safe base64. */
export function newInviteCode(): string {
  return randomBytes(18).toString('base64url');
}

const lower = (s: string) => s.trim().toLowerCase();

/** The key of one of the spec's messages (what the console words in the admin's language). */
const CODE_BY_MESSAGE = new Map<string, string>();
for (const [key, text] of Object.entries(M)) if (typeof text === 'string') CODE_BY_MESSAGE.set(text, key);
const codeOf = (message: string) => CODE_BY_MESSAGE.get(message) ?? 'invalid';
const messageOf = (code: string) => {
  const text = (M as Record<string, unknown>)[code];
  return typeof text === 'string' ? text : code;
};

/** The values of one invitation once checked: trimmed, role null for a plain member. */
interface CleanInput {
  name: string;
  email: string;
  username: string;
  role: InvitationRole | null;
}
function clean(input: {
  name?: string;
  email?: string;
  username?: string;
  role?: string | null;
}): CleanInput {
  return {
    name: (input.name ?? '').trim(),
    email: (input.email ?? '').trim(),
    username: (input.username ?? '').trim(),
    role: input.role ? (input.role as InvitationRole) : null,
  };
}

function notFound(): AppError {
  return AppError.of(404, ErrorCode.notFound, M.notFound);
}

async function present(db: Db, stackId: number, rows: repo.InvitationRow[]): Promise<Invitation[]> {
  const tagIds = [...new Set(rows.flatMap((r) => r.tag_ids))];
  const categoryIds = [...new Set(rows.flatMap((r) => r.category_ids))];
  const [tags, categories] = await Promise.all([
    tagsByIds(db, stackId, tagIds),
    categoriesByIds(db, stackId, categoryIds),
  ]);
  const tagName = new Map(tags.map((t) => [t.id, t.name]));
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const refs = (ids: number[], names: Map<number, string>) =>
    ids.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id) ?? '' }));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    username: r.username,
    role: r.role as InvitationRole | null,
    tags: refs(r.tag_ids, tagName),
    categories: refs(r.category_ids, categoryName),
    code: r.code,
    status: r.status,
    created_at: r.created_at.toISOString(),
    sent_at: r.sent_at?.toISOString() ?? null,
    used_at: r.used_at?.toISOString() ?? null,
    user_id: r.user_id,
  }));
}

function presentSend(row: repo.SendRow): InvitationSend {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

/** Email invitations of the console (list, add list, update, delete list, send list, CSV import). */
export function createInvitationsService(deps: Deps) {
  const { db, clock } = deps;
  const preferences = createDynamicPreferencesService(deps);

  /** The problems of one invitation against the members and the other invitations of the community. */
  function takenProblems(
    value: CleanInput,
    taken: Awaited<ReturnType<typeof repo.takenValues>>,
  ): { field: 'email' | 'username'; message: string }[] {
    const problems: { field: 'email' | 'username'; message: string }[] = [];
    const email = lower(value.email);
    const username = lower(value.username);
    if (taken.memberEmails.has(email)) problems.push({ field: 'email', message: M.emailMember });
    else if (taken.invitedEmails.has(email)) problems.push({ field: 'email', message: M.emailInvited });
    if (taken.memberUsernames.has(username)) problems.push({ field: 'username', message: M.usernameMember });
    else if (taken.invitedUsernames.has(username))
      problems.push({ field: 'username', message: M.usernameInvited });
    return problems;
  }

  async function checkRefs(stackId: number, body: InvitationWrite, field: (f: string) => string) {
    const tagIds = [...new Set(body.tags ?? [])];
    const categoryIds = [...new Set(body.categories ?? [])];
    const [tags, categories] = await Promise.all([
      userTagIds(db, stackId, tagIds),
      existingCategoryIds(db, stackId, categoryIds),
    ]);
    const problems = [];
    if (tags.length !== tagIds.length)
      problems.push(errorEntry(ErrorCode.invalid, M.tagsInvalid, field('tags')));
    if (categories.length !== categoryIds.length)
      problems.push(errorEntry(ErrorCode.invalid, M.categoriesInvalid, field('categories')));
    return { problems, tagIds, categoryIds };
  }

  async function signUpUrl(stackId: number, code: string): Promise<string> {
    const list = await preferences.list(stackId, ['url_template_signup_invite_code', 'url_template_signup']);
    const value = (name: string) => String(list.find((p) => p.name === name)?.value ?? '');
    const stack = await findStack(db, stackId);
    return invitationSignUpUrl(
      code,
      { signupInviteCode: value('url_template_signup_invite_code'), signup: value('url_template_signup') },
      `${deps.config.publicUrl}/c/${encodeURIComponent(stack?.slug ?? String(stackId))}`,
    );
  }

  async function insertAll(stackId: number, rows: repo.NewInvitation[], createdBy: number | null) {
    try {
      return await db
        .transaction()
        .execute((trx) => repo.insertInvitations(trx, stackId, rows, createdBy, clock.now()));
    } catch (error) {
      // Another call added the same email or username meanwhile: nothing of this one was added.
      if (isUniqueViolation(error)) {
        throw AppError.of(400, ErrorCode.unique, `${M.emailInvited} / ${M.usernameInvited}`);
      }
      throw error;
    }
  }

  return {
    async list(stackId: number, query: InvitationListQuery) {
      const page = await repo.pageOfInvitations(db, stackId, query);
      return { count: page.count, results: await present(db, stackId, page.rows) };
    },

    /** Add list: every invitation is checked; one bad field refuses the call and nothing is added. */
    async add(staff: StaffMembership, items: InvitationWrite[]): Promise<Invitation[]> {
      const { stackId } = staff;
      const prefix = (i: number) => (f: string) => (items.length === 1 ? f : `invitations.${i}.${f}`);
      const values = items.map(clean);
      const entries = values.flatMap((v, i) =>
        checkInvitationInput(v).map((p) => errorEntry(ErrorCode.invalid, p.message, prefix(i)(p.field))),
      );
      const refs = await Promise.all(items.map((item, i) => checkRefs(stackId, item, prefix(i))));
      entries.push(...refs.flatMap((r) => r.problems));
      const taken = await repo.takenValues(
        db,
        stackId,
        values.map((v) => lower(v.email)),
        values.map((v) => lower(v.username)),
      );
      const seenEmails = new Set<string>();
      const seenUsernames = new Set<string>();
      values.forEach((v, i) => {
        for (const p of takenProblems(v, taken))
          entries.push(errorEntry(ErrorCode.unique, p.message, prefix(i)(p.field)));
        if (seenEmails.has(lower(v.email)))
          entries.push(errorEntry(ErrorCode.unique, M.emailTwice, prefix(i)('email')));
        if (seenUsernames.has(lower(v.username)))
          entries.push(errorEntry(ErrorCode.unique, M.usernameTwice, prefix(i)('username')));
        seenEmails.add(lower(v.email));
        seenUsernames.add(lower(v.username));
      });
      if (entries.length > 0) throw new AppError(400, entries);
      const ids = await insertAll(
        stackId,
        values.map((v, i) => ({
          ...v,
          tag_ids: refs[i]?.tagIds ?? [],
          category_ids: refs[i]?.categoryIds ?? [],
          code: newInviteCode(),
        })),
        staff.userId,
      );
      return present(db, stackId, await repo.invitationsByIds(db, stackId, ids));
    },

    async update(stackId: number, id: number, body: InvitationWrite): Promise<Invitation> {
      const [current] = await repo.invitationsByIds(db, stackId, [id]);
      if (!current) throw notFound();
      if (current.status === 'used') throw AppError.of(400, InvitationErrorCode.alreadyUsed, M.alreadyUsed);
      const value = clean({
        name: body.name ?? current.name,
        email: body.email ?? current.email,
        username: body.username ?? current.username,
        role: body.role === undefined ? current.role : body.role,
      });
      const entries = checkInvitationInput(value).map((p) =>
        errorEntry(ErrorCode.invalid, p.message, p.field),
      );
      const refs = await checkRefs(
        stackId,
        { tags: body.tags ?? current.tag_ids, categories: body.categories ?? current.category_ids },
        (f) => f,
      );
      entries.push(...refs.problems);
      const taken = await repo.takenValues(db, stackId, [lower(value.email)], [lower(value.username)], id);
      for (const p of takenProblems(value, taken))
        entries.push(errorEntry(ErrorCode.unique, p.message, p.field));
      if (entries.length > 0) throw new AppError(400, entries);
      try {
        const done = await repo.updateInvitation(db, stackId, id, {
          ...value,
          tag_ids: refs.tagIds,
          category_ids: refs.categoryIds,
        });
        if (!done) throw AppError.of(400, InvitationErrorCode.alreadyUsed, M.alreadyUsed);
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.of(400, ErrorCode.unique, M.emailInvited, 'email');
        throw error;
      }
      const [row] = await repo.invitationsByIds(db, stackId, [id]);
      if (!row) throw notFound();
      return (await present(db, stackId, [row]))[0] as Invitation;
    },

    async remove(stackId: number, ids: number[]): Promise<{ deleted: number }> {
      return { deleted: await repo.deleteInvitations(db, stackId, ids) };
    },

    /** Send list: a background task mails each chosen invitation still to be sent, once. */
    async send(stackId: number, ids: number[]): Promise<InvitationSend> {
      const send = await repo.createSend(db, stackId, ids, clock.now());
      if (!send) {
        throw AppError.of(
          400,
          InvitationErrorCode.alreadyUsed,
          'None of these invitations is waiting to be sent.',
        );
      }
      await deps.jobs.enqueue(
        INVITATION_SEND_JOB,
        { stackId, sendId: send.id },
        { stackId, maxAttempts: 10 },
      );
      return presentSend(send);
    },

    async sendStatus(stackId: number, id: number): Promise<InvitationSend> {
      const row = await repo.sendById(db, stackId, id);
      if (!row) throw notFound();
      return presentSend(row);
    },

    /** The sending task's job: batches until the queue is empty (a retry goes on where it stopped). */
    async runSend(job: JobContext): Promise<void> {
      const { stackId, sendId } = job.payload as { stackId: number; sendId: number };
      const stack = await findStack(db, stackId);
      const communityName = stack?.name ?? `#${stackId}`;
      for (;;) {
        const batch = await repo.queuedInvitations(db, stackId, sendId, SEND_BATCH);
        if (batch.length === 0) break;
        for (const invitation of batch) {
          const mail = await renderEmail(
            db,
            stackId,
            'invitation',
            await recipientLocale(db, stackId, [invitation.email]),
            {
              community_name: communityName,
              name: invitation.name,
              code: invitation.code,
              signup_url: await signUpUrl(stackId, invitation.code),
            },
          );
          try {
            await deps.mailer.send(stackId, { to: [invitation.email], ...mail });
          } catch {
            await repo.markFailed(db, stackId, sendId, invitation.id);
            continue;
          }
          await repo.markSent(db, stackId, sendId, invitation.id, clock.now());
        }
      }
      await repo.finishSend(db, stackId, sendId, clock.now());
    },

    /**
     * CSV import: bad rows are reported by line and left out; the good ones are added in one
     * transaction, all or none. Duplicates in the file, of members and of invitations are bad rows.
     */
    async importCsv(staff: StaffMembership, file: unknown): Promise<InvitationImportResult> {
      const { stackId } = staff;
      if (!Buffer.isBuffer(file)) throw AppError.of(400, ErrorCode.required, M.csvFileRequired, 'file');
      const parsed = parseInvitationCsv(file);
      if (!parsed.ok) {
        if (parsed.reason === 'too_many_rows')
          throw AppError.of(400, InvitationErrorCode.csvTooManyRows, M.csvTooManyRows, 'file');
        throw AppError.of(
          400,
          InvitationErrorCode.csvParse,
          parsed.reason === 'columns' ? M.csvColumns : M.csvParse,
          'file',
        );
      }
      const [tags, categories] = await Promise.all([
        activeUserTags(db, stackId),
        db
          .selectFrom(categoryRows(db).as('c'))
          .select(['c.id', 'c.name'])
          .where('c.stack_id', '=', stackId)
          .execute(),
      ]);
      const tagIdByName = new Map(tags.map((t) => [lower(t.name), t.id]));
      const categoryIdByName = new Map(categories.map((c) => [lower(c.name), c.id]));
      const taken = await repo.takenValues(
        db,
        stackId,
        parsed.rows.map((r) => lower(r.values.email)),
        parsed.rows.map((r) => lower(r.values.username)),
      );

      const errors: InvitationImportError[] = [];
      const good: repo.NewInvitation[] = [];
      const seenEmails = new Set<string>();
      const seenUsernames = new Set<string>();
      for (const row of parsed.rows) {
        const problems: InvitationImportProblem[] = [];
        const add = (field: string, message: string, value?: string) =>
          problems.push({ field, code: codeOf(message), ...(value === undefined ? {} : { value }) });
        if (row.cellCount !== parsed.columns) {
          problems.push({ field: 'row', code: 'columns', value: String(row.cellCount) });
        }
        const value = clean(row.values);
        // The role column must be there (the header check); an empty cell invites a member without a
        // staff role, as the dialog's 'none' does: the spec lists the staff roles a cell may name, and an
        // invitation-only community lets plain members in only by invitation. Any other word is reported.
        const role = lower(row.values.role);
        value.role = role === '' ? null : (role as InvitationRole);
        for (const p of checkInvitationInput(value)) add(p.field, p.message);
        for (const p of takenProblems(value, taken)) add(p.field, p.message);
        const email = lower(value.email);
        const username = lower(value.username);
        if (email && seenEmails.has(email)) add('email', M.emailTwice);
        if (username && seenUsernames.has(username)) add('username', M.usernameTwice);
        seenEmails.add(email);
        seenUsernames.add(username);
        const tagNames = splitNames(row.values.tags);
        const unknownTags = tagNames.filter((n) => !tagIdByName.has(lower(n)));
        if (unknownTags.length > 0) add('tags', M.tagsInvalid, unknownTags.join(', '));
        const categoryNames = splitNames(row.values.categories);
        const unknownCategories = categoryNames.filter((n) => !categoryIdByName.has(lower(n)));
        if (unknownCategories.length > 0)
          add('categories', M.categoriesInvalid, unknownCategories.join(', '));
        const reasons = problems.map((p) =>
          p.code === 'columns'
            ? `Expected ${parsed.columns} columns, found ${p.value}.`
            : `${p.field}: ${messageOf(p.code)}${p.value ? ` (${p.value})` : ''}`,
        );
        if (reasons.length > 0) {
          errors.push({ line: row.line, message: reasons.join(' '), problems });
          continue;
        }
        good.push({
          ...value,
          tag_ids: [...new Set(tagNames.map((n) => tagIdByName.get(lower(n)) ?? 0))],
          category_ids: [...new Set(categoryNames.map((n) => categoryIdByName.get(lower(n)) ?? 0))],
          code: newInviteCode(),
        });
      }
      if (good.length > 0) await insertAll(stackId, good, staff.userId);
      const shown = errors.slice(0, INVITATION_CSV_REPORTED_ERRORS);
      const more = errors.length - shown.length;
      return {
        imported: good.length,
        errors: shown,
        error_count: errors.length,
        other_errors: more > 0 ? M.otherErrors(more) : null,
      };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;

// --- Sign-up with an invite code (member API) ------------------------------------------------------

/** A code checked before sign-up: what the new member is forced to and given. */
export interface SignUpInvitation {
  id: number;
  code: string;
  username: string;
  email: string;
  role: InvitationRole | null;
  tagIds: number[];
  categoryIds: number[];
}

async function requireUsableCode(db: Db, stackId: number, code: string): Promise<repo.InvitationRow> {
  const row = await repo.invitationByCode(db, stackId, code.trim());
  if (!row) throw AppError.of(404, InvitationErrorCode.codeInvalid, M.codeInvalid, 'invite_code');
  if (row.status === 'used') throw AppError.of(400, InvitationErrorCode.codeUsed, M.codeUsed, 'invite_code');
  return row;
}

/** `invite_code/{code}/`: the invitation behind a usable code (404 unknown, 400 used). */
export async function inviteByCode(db: Db, stackId: number, code: string): Promise<MemberInvite> {
  const row = await requireUsableCode(db, stackId, code);
  const tags = await tagsByIds(db, stackId, row.tag_ids);
  return {
    id: row.id,
    invited_by_username: null,
    role: row.role,
    tags: tags.map((t) => ({
      id: t.id,
      type: 'user' as const,
      name: t.name,
      description: t.description,
      color: t.color,
    })),
    name: row.name,
    email: row.email,
    code: row.code,
    generated_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
    used_at: null,
    invited_by: row.created_by,
    user: null,
    forced_username: row.username,
    extra_data: {},
  };
}

/**
 * The invitation of a sign-up's `invite_code` (none given: undefined). An unknown code is refused
 * with 400 on the `invite_code` field (sign-up is a form), a used one too.
 */
export async function signUpInvitation(
  db: Db,
  stackId: number,
  code: string | undefined,
): Promise<SignUpInvitation | undefined> {
  if (code === undefined || code.trim() === '') return undefined;
  let row: repo.InvitationRow;
  try {
    row = await requireUsableCode(db, stackId, code);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) {
      throw AppError.of(400, InvitationErrorCode.codeInvalid, M.codeInvalid, 'invite_code');
    }
    throw error;
  }
  return {
    id: row.id,
    code: row.code,
    username: row.username,
    email: row.email,
    role: row.role as InvitationRole | null,
    tagIds: row.tag_ids,
    categoryIds: row.category_ids,
  };
}

/**
 * Creates the member of an invitation in one transaction: the invitation is taken (exactly once: a
 * second sign-up racing with the same code is refused), the member inserted by `createMember` with the
 * invitation's role, then given its tags and categories.
 */
export async function signUpWithInvitation(
  db: Db,
  stackId: number,
  invitation: SignUpInvitation,
  at: Date,
  createMember: (trx: Db, role: InvitationRole | null) => Promise<number>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const claimed = await repo.claimInvitation(trx, stackId, invitation.code, at);
    if (!claimed) throw AppError.of(400, InvitationErrorCode.codeUsed, M.codeUsed, 'invite_code');
    const userId = await createMember(trx, claimed.role as InvitationRole | null);
    await repo.setInvitationUser(trx, stackId, claimed.id, userId);
    await addUserTags(trx, stackId, userId, await userTagIds(trx, stackId, claimed.tag_ids));
    await followCategoriesAtSignUp(
      trx,
      stackId,
      userId,
      await existingCategoryIds(trx, stackId, claimed.category_ids),
      at,
    );
    return userId;
  });
}
