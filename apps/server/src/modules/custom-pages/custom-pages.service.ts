import {
  checkCustomPage,
  CUSTOM_PAGE_SLUG_MAX,
  CUSTOM_PAGES_MESSAGES as M,
  ErrorCode,
  type CustomPage,
  type CustomPageList,
  type CustomPageListQuery,
  type CustomPageWriteBody,
  type MemberCustomPage,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import { htmlToText, sanitizeHtml, slugOf, summaryOf } from '../../platform/content/content-html.ts';
import * as repo from './custom-pages.repository.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';

const iso = (d: Date) => new Date(d).toISOString();

export const customPageNotFound = () => AppError.of(404, ErrorCode.notFound, M.notFound);
const slugTaken = () => AppError.of(409, ErrorCode.unique, M.slugTaken, 'slug');

function toPage(row: repo.PageRow): CustomPage {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    label: row.label,
    alternative_url: row.alternative_url,
    html_body: row.html_body,
    active: row.active,
    created_at: iso(row.created_at),
    created_by: row.created_by,
    updated_at: iso(row.updated_at),
    updated_by: row.updated_by,
    updated_by_username: row.updated_by_username,
  };
}

/** SelfCommunity's custom page object (`type: normal`; general pages have no validity dates). */
export function toMemberPage(row: repo.PageRow): MemberCustomPage {
  return {
    id: row.id,
    type: 'normal',
    slug: row.slug,
    title: row.title,
    label: row.label,
    alternative_url: row.alternative_url,
    html_summary: summaryOf(row.html_body),
    html_body: row.html_body,
    valid_from: null,
    valid_to: null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    active: row.active,
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

interface Cleaned {
  values: Omit<repo.PageValues, 'slug'>;
  /** The slug as sent; empty when it is to be derived from the title. */
  slug: string;
}

/** Checks a page's fields and sanitises its body with the content allow-list: never trusted as sent. */
function clean(body: CustomPageWriteBody): Cleaned {
  const url = body.alternative_url?.trim() ?? '';
  const html = url ? '' : sanitizeHtml(body.html_body ?? '');
  // What the allow-list dropped, or markup alone, is no text; a body sent beside a URL still counts.
  const text = url ? htmlToText(sanitizeHtml(body.html_body ?? '')) : htmlToText(html);
  const problems = checkCustomPage(body, text);
  if (problems.length > 0)
    throw new AppError(
      400,
      problems.map((p) => errorEntry(p.code, p.message, p.field)),
    );
  return {
    slug: body.slug?.trim() ?? '',
    values: {
      title: (body.title ?? '').trim(),
      label: (body.label ?? '').trim(),
      alternative_url: url || null,
      html_body: html,
      active: body.active ?? true,
    },
  };
}

export function createCustomPagesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** A slug free in the community, from the title: `about`, else `about-2`, `about-3`… */
  async function derivedSlug(stackId: number, title: string, exceptId?: number): Promise<string> {
    const base =
      slugOf(title)
        .slice(0, CUSTOM_PAGE_SLUG_MAX - 6)
        .replace(/-+$/, '') || 'page';
    const rows = await repo.slugsLike(db, stackId, base);
    const own = exceptId === undefined ? undefined : (await repo.pageById(db, stackId, exceptId))?.slug;
    const taken = new Set(rows.filter((s) => s !== own));
    if (!taken.has(base)) return base;
    let n = 2;
    while (taken.has(`${base}-${n}`)) n += 1;
    return `${base}-${n}`;
  }

  /** The slug to store: the one sent (409 when another page has it), else one derived from the title. */
  async function slugFor(stackId: number, cleaned: Cleaned, exceptId?: number): Promise<string> {
    if (!cleaned.slug) return derivedSlug(stackId, cleaned.values.title, exceptId);
    const other = await repo.pageBySlug(db, stackId, cleaned.slug);
    if (other && other.id !== exceptId) throw slugTaken();
    return cleaned.slug;
  }

  async function get(stackId: number, id: number): Promise<CustomPage> {
    const row = await repo.pageById(db, stackId, id);
    if (!row) throw customPageNotFound();
    return toPage(row);
  }

  return {
    get,

    async list(stackId: number, query: CustomPageListQuery): Promise<CustomPageList> {
      const page = await repo.listPages(db, stackId, {
        search: query.search?.trim() || undefined,
        limit: query.limit ?? 20,
        offset: query.offset ?? 0,
      });
      return {
        count: page.count,
        results: page.rows.map((row) => {
          const { html_body: _body, ...summary } = toPage(row);
          return summary;
        }),
      };
    },

    async add(
      stackId: number,
      by: { userId: number; username: string },
      body: CustomPageWriteBody,
    ): Promise<CustomPage> {
      const cleaned = clean(body);
      const slug = await slugFor(stackId, cleaned);
      try {
        const id = await db.transaction().execute(async (trx) => {
          const created = await repo.insertPage(trx, stackId, { ...cleaned.values, slug }, by, clock.now());
          const data = { id: created, ...cleaned.values, slug };
          await recordEvent(trx, { stackId, type: 'custom_page.created', data, at: clock.now() });
          return created;
        });
        return await get(stackId, id);
      } catch (error) {
        // Two saves racing for one slug: the table's unique key decides.
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      }
    },

    async update(
      stackId: number,
      id: number,
      by: { userId: number; username: string },
      body: CustomPageWriteBody,
    ): Promise<CustomPage> {
      if (!(await repo.pageById(db, stackId, id))) throw customPageNotFound();
      const cleaned = clean(body);
      const slug = await slugFor(stackId, cleaned, id);
      try {
        await db.transaction().execute(async (trx) => {
          const done = await repo.updatePage(trx, stackId, id, { ...cleaned.values, slug }, by, clock.now());
          if (!done) throw customPageNotFound();
          const data = { id, ...cleaned.values, slug };
          await recordEvent(trx, { stackId, type: 'custom_page.updated', data, at: clock.now() });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      }
      return get(stackId, id);
    },

    async remove(stackId: number, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.deletePage(trx, stackId, id))) throw customPageNotFound();
        await recordEvent(trx, { stackId, type: 'custom_page.deleted', data: { id }, at: clock.now() });
      });
    },

    /** Members' list: only active pages, unless `seeInactive` (admins and editors) lets `active` choose. */
    async memberList(
      stackId: number,
      filter: { search?: string | undefined; active?: boolean | undefined; seeInactive: boolean },
      limit: number | undefined,
      offset: number,
    ): Promise<{ count: number; results: MemberCustomPage[] }> {
      const page = await repo.listPages(db, stackId, {
        search: filter.search?.trim() || undefined,
        active: filter.seeInactive ? filter.active : true,
        limit,
        offset,
      });
      return { count: page.count, results: page.rows.map(toMemberPage) };
    },

    /** One page by id or slug; an inactive one only for `seeInactive` callers. */
    async memberGet(stackId: number, key: number | string, seeInactive: boolean): Promise<MemberCustomPage> {
      const row =
        typeof key === 'number'
          ? await repo.pageById(db, stackId, key)
          : await repo.pageBySlug(db, stackId, key);
      if (!row || (!row.active && !seeInactive)) throw customPageNotFound();
      return toMemberPage(row);
    },
  };
}
