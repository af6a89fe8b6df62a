import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import {
  AnalyticsExportErrorCode,
  ErrorCode,
  EXPORT_LINK_TTL_SECONDS,
  EXPORT_MESSAGES,
  EXPORT_PAGE_SIZE,
  type AnalyticsExportAddBody,
  type AnalyticsExportFull,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import type { JobContext } from '../../platform/jobs/job-queue.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { createFileStorage } from '../../platform/storage/storage-choice.ts';
import type { StaffMembership } from '../stacks/stacks.repository.ts';
import { findStack, findStackBySlug } from '../stacks/stack-row.repository.ts';
import { readSecret, writeSecret } from '../dynamic-preferences/dynamic-preferences.repository.ts';
import { parseRange } from '../analytics-tables/analytics-range.service.ts';
import {
  CATEGORY_METRICS,
  CONTRIBUTION_METRICS,
  metricsFor,
  USER_METRICS,
} from '../analytics-tables/analytics-tables.repository.ts';
import { categoriesAfter } from '../categories/categories.repository.ts';
import { findAccountById } from '../auth/account.repository.ts';
import * as repo from './analytics-exports.repository.ts';
import { csvLine, type Cell } from './csv.ts';
import { seesEmails } from '../staff/email-visibility.service.ts';
import { recipientLocale, renderEmail } from '../email-manager/email-manager.service.ts';
import { emailDateTime, emailExportTypeName } from '../email-manager/email-words.service.ts';

/** The job that builds an export's CSV and mails its link. */
export const ANALYTICS_EXPORT_JOB = 'analytics.export';
export const EXPORT_MAX_ATTEMPTS = 3;
const KEY_NAME = 'analytics_export_key';

type Deps = Pick<PlatformDeps, 'db' | 'clock' | 'config' | 'secretBox' | 'jobs' | 'mailer'>;

/** Where an export's file lives: derived from ids only, never from user input. */
export function exportFile(dataDir: string, stackId: number, id: number): string {
  return path.join(dataDir, 'exports', String(Math.trunc(stackId)), `${Math.trunc(id)}.csv`);
}

/** Where an export's file lives in the S3 bucket (AGORA_S3_*): from ids only. */
export function exportKey(stackId: number, id: number): string {
  return `exports/${Math.trunc(stackId)}/${Math.trunc(id)}.csv`;
}

export function exportFileName(row: Pick<repo.ExportRow, 'type' | 'id'>): string {
  return `${row.type}-export-${Number(row.id)}.csv`;
}

interface Sheet {
  header: string[];
  /** Yields the rows page by page (keyset, EXPORT_PAGE_SIZE at a time). */
  pages(): AsyncGenerator<Cell[][]>;
}

export function createAnalyticsExportsService(deps: Deps) {
  const { db, clock, config, secretBox } = deps;

  async function signingKey(stackId: number): Promise<Buffer> {
    let sealed = await readSecret(db, stackId, KEY_NAME);
    if (!sealed) {
      const fresh = secretBox.seal(randomBytes(32).toString('base64url'));
      await writeSecret(db, stackId, KEY_NAME, fresh, clock.now(), 'keepExisting');
      sealed = (await readSecret(db, stackId, KEY_NAME)) as string;
    }
    return Buffer.from(secretBox.open(sealed), 'utf8');
  }

  /** HMAC-SHA256 over the community, the export and its expiry: the link cannot be moved or extended. */
  async function tokenFor(stackId: number, id: number, expiresAt: Date): Promise<string> {
    return createHmac('sha256', await signingKey(stackId))
      .update(`analytics-export:${stackId}:${id}:${expiresAt.getTime()}`)
      .digest('base64url');
  }

  function downloadUrl(slug: string, id: number, token: string): string {
    return `${config.publicUrl}/c/${encodeURIComponent(slug)}/platform/api/v1/analytics/export/download/${id}/?token=${token}`;
  }

  async function present(row: repo.ExportRow, slug: string): Promise<AnalyticsExportFull> {
    const id = Number(row.id);
    const expires = row.expires_at ? new Date(row.expires_at) : null;
    const live = row.status === 'done' && expires && expires.getTime() > clock.now().getTime();
    return {
      id,
      type: row.type,
      status: row.status,
      created_at: new Date(row.created_at).toISOString(),
      completed_at: row.completed_at ? new Date(row.completed_at).toISOString() : null,
      expires_at: expires ? expires.toISOString() : null,
      download_url: live && expires ? downloadUrl(slug, id, await tokenFor(row.stack_id, id, expires)) : null,
      from: row.date_from ? new Date(row.date_from).toISOString() : null,
      to: row.date_to ? new Date(row.date_to).toISOString() : null,
      contribution_id: row.contribution_id === null ? null : Number(row.contribution_id),
      rows: row.rows,
      error: row.error,
    };
  }

  async function add(staff: StaffMembership, accountId: number, body: AnalyticsExportAddBody) {
    const range = parseRange(body.from, body.to);
    let contributionId: number | null = null;
    if (body.type === 'thread') {
      if (!body.contribution_id) {
        throw AppError.of(400, ErrorCode.required, EXPORT_MESSAGES.contributionRequired, 'contribution_id');
      }
      if (!(await repo.contributionExists(db, staff.stackId, body.contribution_id))) {
        throw AppError.of(404, ErrorCode.notFound, EXPORT_MESSAGES.contributionNotFound, 'contribution_id');
      }
      contributionId = body.contribution_id;
    }
    const id = await repo.insertExport(db, {
      stack_id: staff.stackId,
      requested_by: staff.userId,
      account_id: accountId,
      type: body.type,
      date_from: range.from,
      date_to: range.to,
      contribution_id: contributionId,
      include_email: await seesEmails(db, staff.stackId, staff.userId),
      created_at: clock.now(),
    });
    await deps.jobs.enqueue(
      ANALYTICS_EXPORT_JOB,
      { exportId: id },
      { stackId: staff.stackId, maxAttempts: EXPORT_MAX_ATTEMPTS },
    );
    return { id, status: 'pending' as const };
  }

  /** An export of the caller (another staff member's is not found). */
  async function get(staff: StaffMembership, id: number): Promise<AnalyticsExportFull> {
    const row = await repo.findExport(db, staff.stackId, id);
    if (!row || row.requested_by !== staff.userId) throw AppError.notFound('This export is not found');
    return present(row, staff.slug);
  }

  async function list(staff: StaffMembership, limit: number, offset: number) {
    const { rows, count } = await repo.listExports(db, staff.stackId, staff.userId, limit, offset);
    return { count, results: await Promise.all(rows.map((row) => present(row, staff.slug))) };
  }

  function sheetOf(row: repo.ExportRow): Sheet {
    const stackId = row.stack_id;
    const from = row.date_from ? new Date(row.date_from) : null;
    const to = row.date_to ? new Date(row.date_to) : null;
    const range = { from, to };
    const all = { from: null, to: null };
    switch (row.type) {
      case 'users':
        return {
          header: [
            'username',
            'name',
            ...(row.include_email ? ['email'] : []),
            'registration date',
            'last login',
            'status',
            'contributions',
            'comments',
            'score',
          ],
          async *pages() {
            for (let after = 0; ;) {
              const page = await repo.membersAfter(db, stackId, after, EXPORT_PAGE_SIZE);
              if (page.length === 0) return;
              const ids = page.map((m) => m.id);
              const counts = await metricsFor(db, USER_METRICS, stackId, range, ids, [
                'contributions',
                'comments',
              ]);
              yield page.map((m) => [
                m.username,
                m.real_name,
                ...(row.include_email ? [m.email] : []),
                new Date(m.created_at),
                m.last_login ? new Date(m.last_login) : null,
                m.status,
                counts.get(m.id)?.contributions ?? 0,
                counts.get(m.id)?.comments ?? 0,
                m.score,
              ]);
              after = ids[ids.length - 1] as number;
            }
          },
        };
      case 'contributions':
        return {
          header: [
            'id',
            'type',
            'title',
            'author',
            'category',
            'created',
            'comments',
            'appreciations',
            'shares',
            'views',
          ],
          async *pages() {
            for (let after = 0; ;) {
              const page = await repo.contributionsAfter(db, stackId, after, EXPORT_PAGE_SIZE, from, to);
              if (page.length === 0) return;
              const ids = page.map((c) => Number(c.id));
              const counts = await metricsFor(db, CONTRIBUTION_METRICS, stackId, all, ids, [
                'comments',
                'appreciations',
                'shares',
                'views',
              ]);
              yield page.map((c) => {
                const n = counts.get(Number(c.id));
                return [
                  Number(c.id),
                  c.type,
                  c.title,
                  c.author,
                  c.category,
                  new Date(c.created_at),
                  n?.comments ?? 0,
                  n?.appreciations ?? 0,
                  n?.shares ?? 0,
                  n?.views ?? 0,
                ];
              });
              after = ids[ids.length - 1] as number;
            }
          },
        };
      case 'categories':
        return {
          header: ['name', 'contributions', 'followers'],
          async *pages() {
            for (let after = 0; ;) {
              const page = await categoriesAfter(db, stackId, after, EXPORT_PAGE_SIZE);
              if (page.length === 0) return;
              const ids = page.map((c) => c.id);
              const counts = await metricsFor(db, CATEGORY_METRICS, stackId, range, ids, [
                'contributions',
                'followers',
              ]);
              yield page.map((c) => [
                c.name,
                counts.get(c.id)?.contributions ?? 0,
                counts.get(c.id)?.followers ?? 0,
              ]);
              after = ids[ids.length - 1] as number;
            }
          },
        };
      case 'thread':
        return {
          header: ['author', 'date', 'text'],
          async *pages() {
            const contributionId = Number(row.contribution_id);
            for (let after = 0; ;) {
              const page = await repo.threadCommentsAfter(
                db,
                stackId,
                contributionId,
                after,
                EXPORT_PAGE_SIZE,
              );
              if (page.length === 0) return;
              yield page.map((m) => [m.author, new Date(m.created_at), m.body]);
              after = Number(page[page.length - 1]?.id);
            }
          },
        };
    }
  }

  // With a bucket every process (the worker that builds, the web process that serves) sees the file.
  const bucket = config.s3 ? createFileStorage(config) : undefined;

  /** Builds the CSV in memory and puts it in the bucket. Answers rows and bytes. */
  async function putCsv(row: repo.ExportRow): Promise<{ rows: number; bytes: number }> {
    const sheet = sheetOf(row);
    const chunks = [Buffer.from(csvLine(sheet.header))];
    let rows = 0;
    for await (const page of sheet.pages()) {
      chunks.push(Buffer.from(page.map(csvLine).join('')));
      rows += page.length;
    }
    const bytes = Buffer.concat(chunks);
    await bucket!.put(exportKey(row.stack_id, Number(row.id)), bytes);
    return { rows, bytes: bytes.length };
  }

  /** Streams the CSV to a temporary file beside its place, then renames it. Answers rows and bytes. */
  async function writeCsv(row: repo.ExportRow): Promise<{ rows: number; bytes: number }> {
    if (bucket) return putCsv(row);
    const file = exportFile(config.dataDir, row.stack_id, Number(row.id));
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    const out = fs.createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
    const sheet = sheetOf(row);
    let rows = 0;
    try {
      const write = async (text: string) => {
        if (!out.write(text)) await once(out, 'drain');
      };
      await write(csvLine(sheet.header));
      for await (const page of sheet.pages()) {
        for (const cells of page) {
          await write(csvLine(cells));
          rows += 1;
        }
      }
      out.end();
      await once(out, 'finish');
      await fsp.rename(temporary, file);
    } catch (error) {
      out.destroy();
      await fsp.rm(temporary, { force: true });
      throw error;
    }
    return { rows, bytes: (await fsp.stat(file)).size };
  }

  async function mailLink(row: repo.ExportRow, expiresAt: Date): Promise<void> {
    const to =
      row.account_id === null ? undefined : (await findAccountById(db, row.account_id))?.email || undefined;
    if (!to) return;
    const stack = await findStack(db, row.stack_id);
    if (!stack) return;
    const id = Number(row.id);
    const link = downloadUrl(stack.slug, id, await tokenFor(row.stack_id, id, expiresAt));
    const locale = await recipientLocale(db, row.stack_id, [to]);
    const mail = await renderEmail(db, row.stack_id, 'export_ready', locale, {
      community_name: stack.name,
      export_type: emailExportTypeName(row.type, locale),
      download_url: link,
      expires_at: emailDateTime(expiresAt, locale),
    });
    await deps.mailer.send(row.stack_id, { to: [to], ...mail });
  }

  /** The job: build the CSV (once), mark it done, mail the link. A failure is retried, then marked failed. */
  async function run(job: JobContext): Promise<void> {
    const exportId = Number((job.payload as { exportId?: unknown } | null)?.exportId);
    if (job.stackId === null || !Number.isInteger(exportId)) return;
    const row = await repo.findExport(db, job.stackId, exportId);
    if (!row || row.status === 'failed') return;
    try {
      let expiresAt = row.expires_at ? new Date(row.expires_at) : null;
      if (row.status !== 'done' || !expiresAt) {
        await repo.updateExport(db, row.stack_id, exportId, { status: 'running', error: null });
        const { rows, bytes } = await writeCsv(row);
        const now = clock.now();
        expiresAt = new Date(now.getTime() + EXPORT_LINK_TTL_SECONDS * 1000);
        await repo.updateExport(db, row.stack_id, exportId, {
          status: 'done',
          error: null,
          rows,
          bytes,
          completed_at: now,
          expires_at: expiresAt,
        });
      }
      await mailLink(row, expiresAt);
    } catch (error) {
      const text = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const current = await repo.findExport(db, row.stack_id, exportId);
      if (current?.status !== 'done') {
        await repo.updateExport(db, row.stack_id, exportId, {
          status: job.attempt >= EXPORT_MAX_ATTEMPTS ? 'failed' : 'pending',
          error: text,
        });
      }
      throw error;
    }
  }

  /** Checks a download link and answers the file to stream. */
  async function download(
    slug: string,
    id: number,
    token: string | undefined,
  ): Promise<{ body: Readable; fileName: string }> {
    const stack = await findStackBySlug(db, slug);
    const row = stack ? await repo.findExport(db, stack.id, id) : undefined;
    if (!stack || !row || row.status !== 'done' || !row.expires_at) {
      throw AppError.notFound('This export is not found');
    }
    const expiresAt = new Date(row.expires_at);
    const expected = Buffer.from(await tokenFor(stack.id, id, expiresAt));
    const given = Buffer.from(token ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw AppError.of(403, AnalyticsExportErrorCode.invalidLink, EXPORT_MESSAGES.invalidLink);
    }
    if (clock.now().getTime() >= expiresAt.getTime()) {
      throw AppError.of(410, AnalyticsExportErrorCode.linkExpired, EXPORT_MESSAGES.expiredLink);
    }
    if (bucket) {
      const stored = await bucket.open(exportKey(stack.id, id));
      if (!stored) throw AppError.notFound('This export is not found');
      return { body: stored.body, fileName: exportFileName(row) };
    }
    const file = exportFile(config.dataDir, stack.id, id);
    try {
      await fsp.access(file);
    } catch {
      throw AppError.notFound('This export is not found');
    }
    return { body: fs.createReadStream(file), fileName: exportFileName(row) };
  }

  return { add, get, list, run, download };
}
export type AnalyticsExportsService = ReturnType<typeof createAnalyticsExportsService>;
