import {
  checkLegalVersion,
  ErrorCode,
  LEGAL_PAGES_MESSAGES as M,
  legalPolicySchema,
  REQUIRED_LEGAL_POLICIES,
  type LegalPageAddBody,
  type LegalPageDetail,
  type LegalPageList,
  type LegalPolicy,
  type LegalVersion,
  type LegalVersionBody,
} from '@agora/contract';
import type { Kysely } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import { sanitizeHtml } from '../../platform/content/content-html.ts';
import * as repo from './legal-pages.repository.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const day = (d: Date | null) => (d ? new Date(d).toISOString().slice(0, 10) : null);

export const legalPageNotFound = () => AppError.of(404, ErrorCode.notFound, M.notFound);

function toVersion(row: repo.VersionRow): LegalVersion {
  return {
    id: row.id,
    label: row.label,
    html_body: row.html_body,
    valid_from: day(row.valid_from),
    valid_to: day(row.valid_to),
    created_at: iso(row.created_at) as string,
    accepted_count: row.accepted_count,
  };
}

interface CleanVersion {
  label: string;
  html_body: string;
  valid_from: Date | null;
  valid_to: Date | null;
}

/** Checks a version and sanitises its body with the member content allow-list: never trusted as sent. */
function cleanVersion(
  body: LegalVersionBody,
  now: Date,
  extra: ReturnType<typeof errorEntry>[] = [],
): CleanVersion {
  const html = sanitizeHtml(body.html_body ?? '');
  // A body that is only markup (or only what the allow-list dropped) is no text at all.
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  const problems = checkLegalVersion({ ...body, html_body: text }).map((p) =>
    errorEntry(p.code, p.message, p.field),
  );
  if (problems.length + extra.length > 0) throw new AppError(400, [...extra, ...problems]);
  return {
    label: (body.label ?? '').trim(),
    html_body: html,
    // A version without a start is valid from when it is saved.
    valid_from: body.valid_from ? new Date(`${body.valid_from}T00:00:00Z`) : now,
    valid_to: body.valid_to ? new Date(`${body.valid_to}T00:00:00Z`) : null,
  };
}

export function createLegalPagesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function detail(stackId: number, pageId: number): Promise<LegalPageDetail> {
    const page = await repo.pageById(db, stackId, pageId);
    if (!page) throw legalPageNotFound();
    const rows = await repo.versionsOf(db, stackId, pageId);
    return {
      id: page.id,
      policy: page.policy,
      required: REQUIRED_LEGAL_POLICIES.includes(page.policy),
      versions: rows.map(toVersion),
    };
  }

  return {
    async list(stackId: number): Promise<LegalPageList> {
      const rows = await repo.currentVersions(db, stackId);
      return {
        count: rows.length,
        results: rows.map((row) => {
          const { html_body: _body, ...version } = toVersion(row);
          return {
            id: row.page_id,
            policy: row.policy,
            required: REQUIRED_LEGAL_POLICIES.includes(row.policy),
            version,
            versions_count: row.versions_count,
          };
        }),
      };
    },

    detail,

    /** A page for a policy that has none yet, with its first version. */
    async add(stackId: number, userId: number | null, body: LegalPageAddBody): Promise<LegalPageDetail> {
      const policy = legalPolicySchema.safeParse(body.policy);
      const version = cleanVersion(
        body,
        clock.now(),
        policy.success ? [] : [errorEntry(ErrorCode.required, M.policy, 'policy')],
      );
      if (!policy.success) throw AppError.of(400, ErrorCode.required, M.policy, 'policy');
      const pageId = await db.transaction().execute(async (trx) => {
        if (await repo.pageByPolicy(trx, stackId, policy.data))
          throw AppError.of(400, ErrorCode.unique, M.policyTaken, 'policy');
        const id = await repo.insertPage(trx, stackId, policy.data);
        await repo.insertVersion(trx, stackId, id, { ...version, created_by: userId, now: clock.now() });
        const data = { id, policy: policy.data };
        await recordEvent(trx, { stackId, type: 'legal_page.created', data, at: clock.now() });
        return id;
      });
      return detail(stackId, pageId);
    },

    /** Saves a new version: it becomes the current one, which no member has accepted yet. */
    async addVersion(
      stackId: number,
      pageId: number,
      userId: number | null,
      body: LegalVersionBody,
    ): Promise<LegalPageDetail> {
      if (!(await repo.pageById(db, stackId, pageId))) throw legalPageNotFound();
      const version = cleanVersion(body, clock.now());
      await db.transaction().execute(async (trx) => {
        await repo.insertVersion(trx, stackId, pageId, { ...version, created_by: userId, now: clock.now() });
        const data = { id: pageId, new_version: true };
        await recordEvent(trx, { stackId, type: 'legal_page.updated', data, at: clock.now() });
      });
      return detail(stackId, pageId);
    },

    /** Every member must accept the current version again. */
    async forceAccept(stackId: number, pageId: number): Promise<{ round: number }> {
      const round = await repo.bumpRound(db, stackId, pageId, clock.now());
      if (round === undefined) throw legalPageNotFound();
      return { round };
    },

    /** Removes a page of a policy members need not accept (a required one gets a new version instead). */
    async remove(stackId: number, pageId: number): Promise<void> {
      const page = await repo.pageById(db, stackId, pageId);
      if (!page) throw legalPageNotFound();
      if (REQUIRED_LEGAL_POLICIES.includes(page.policy))
        throw AppError.of(400, ErrorCode.invalid, M.requiredPolicy);
      await repo.deletePage(db, stackId, pageId);
    },
  };
}

const DEMO_PAGES: { policy: LegalPolicy; label: string; html: string }[] = [
  {
    policy: 'tec',
    label: 'Terms of service',
    html:
      '<h2>Terms of service</h2><p>Welcome to our community. By taking part you agree to treat other members ' +
      'with respect, to publish only what you have the right to share, and to follow the moderators’ ' +
      'decisions.</p><p>The community may remove contents or suspend accounts that break these terms.</p>',
  },
  {
    policy: 'privacy',
    label: 'Privacy policy',
    html:
      '<h2>Privacy policy</h2><p>We keep the data you give us (your profile and what you publish) to run the ' +
      'community, and we never sell it.</p><p>You can ask for a copy of your data or for its deletion at any ' +
      'time by writing to the community’s staff.</p>',
  },
];

/** The demo community's terms of service and privacy policy, ready to edit (run by the seed). */
export async function seedDemoLegalPages(trx: Kysely<Database>, stackId: number, now: Date): Promise<void> {
  for (const page of DEMO_PAGES) {
    const pageId = await repo.insertPage(trx, stackId, page.policy);
    await repo.insertVersion(trx, stackId, pageId, {
      label: page.label,
      html_body: sanitizeHtml(page.html),
      valid_from: now,
      valid_to: null,
      created_by: null,
      now,
    });
  }
}

/**
 * The legal pages a person accepts on the sign-up form (`account/create/`'s `legal_pages`): each must
 * be the current version of one of the community's pages, else 400 on `legal_pages`. Nothing is asked
 * while the feature is off (an empty list).
 */
export async function legalPagesAcceptedAtSignUp(
  db: Db,
  stackId: number,
  ids: readonly number[] | undefined,
): Promise<number[]> {
  const wanted = [...new Set(ids ?? [])];
  if (wanted.length === 0) return [];
  const { rows } = await repo.memberVersions(db, stackId, { ids: wanted, currentOnly: true });
  if (rows.length !== wanted.length) {
    throw AppError.of(400, ErrorCode.invalid, M.notCurrentVersion, 'legal_pages');
  }
  return wanted;
}

/** Records a new member's acceptance of the pages they accepted at sign-up. */
export async function acceptLegalPagesAtSignUp(
  db: Db,
  stackId: number,
  userId: number,
  versionIds: readonly number[],
  now: Date,
): Promise<void> {
  for (const id of versionIds) await repo.saveAck(db, stackId, id, userId, true, now);
}
