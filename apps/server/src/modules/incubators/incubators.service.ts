import {
  INCUBATOR_ACTION_FROM,
  INCUBATOR_MESSAGES,
  INCUBATOR_THRESHOLD_PREFERENCE,
  IncubatorErrorCode,
  preferenceDefinition,
  type Incubator,
  type IncubatorAction,
  type IncubatorList,
  type IncubatorListQuery,
  type IncubatorStatus,
  type IncubatorThreshold,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { JobContext } from '../../platform/jobs/job-queue.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { createCategoriesService } from '../categories/categories.service.ts';
import { createDynamicPreferencesService } from '../dynamic-preferences/dynamic-preferences.service.ts';
import {
  recipientsByLocale,
  renderEmail,
  staffNotificationRoles,
} from '../email-manager/email-manager.service.ts';
import { findStack } from '../stacks/stack-row.repository.ts';
import { listStaff } from '../staff/staff.repository.ts';
import { usersByIds } from '../users/community-users.repository.ts';
import * as repo from './incubators.repository.ts';
import type { IncubatorRow } from './incubators.repository.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';

const M = INCUBATOR_MESSAGES;

/** The job that tells the staff a proposal is ready to publish (one per proposal). */
export const INCUBATOR_READY_JOB = 'incubators.ready';

type Deps = Pick<PlatformDeps, 'db' | 'clock' | 'config' | 'secretBox' | 'jobs' | 'mailer'>;

const [THRESHOLD_MIN, THRESHOLD_MAX] = preferenceDefinition(INCUBATOR_THRESHOLD_PREFERENCE)?.clamp ?? [
  10, 1200,
];

const statusFailed = (field?: string) =>
  AppError.of(400, IncubatorErrorCode.statusFailed, M.statusError, field);

/** Rules of the incubator: statuses, the threshold of adhesions and what reaching it does. */
export function createIncubatorsService(deps: Deps) {
  const { db, clock } = deps;
  const preferences = createDynamicPreferencesService(deps);

  async function threshold(stackId: number): Promise<number> {
    return Number((await preferences.get(stackId, INCUBATOR_THRESHOLD_PREFERENCE)).value);
  }

  async function existing(stackId: number, id: number): Promise<IncubatorRow> {
    const row = await repo.findIncubator(db, stackId, id);
    if (!row) throw AppError.notFound(M.notFound);
    return row;
  }

  /** Votable proposals at the threshold become ready; the staff are told of each (by a job). */
  async function promote(stackId: number, ids?: readonly number[], on: Db = db): Promise<number[]> {
    const moved = await repo.promoteReady(on, stackId, await threshold(stackId), clock.now(), ids);
    for (const id of moved) {
      await deps.jobs.enqueue(
        INCUBATOR_READY_JOB,
        { stackId, id },
        { stackId, dedupeKey: `${INCUBATOR_READY_JOB}:${stackId}:${id}` },
      );
    }
    return moved;
  }

  async function present(stackId: number, rows: IncubatorRow[]): Promise<Incubator[]> {
    const userIds = [...new Set(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))];
    const users = new Map((await usersByIds(db, stackId, userIds)).map((u) => [u.id, u.username]));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      slogan: r.slogan,
      status: r.status,
      subscribers_count: r.subscribers_count,
      user:
        r.user_id !== null && users.has(r.user_id)
          ? { id: r.user_id, username: users.get(r.user_id) as string }
          : null,
      created_at: new Date(r.created_at).toISOString(),
      category_id: r.category_id,
      ready_at: r.ready_at ? new Date(r.ready_at).toISOString() : null,
    }));
  }

  async function one(stackId: number, id: number): Promise<Incubator> {
    const [item] = await present(stackId, [await existing(stackId, id)]);
    return item as Incubator;
  }

  /** Publish: creates the category (title, slogan) and links the proposal to it, in one transaction. */
  async function publish(stackId: number, id: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const status = await repo.lockIncubator(trx, stackId, id);
      if (status === undefined) throw AppError.notFound(M.notFound);
      if (!INCUBATOR_ACTION_FROM.publish.includes(status)) throw statusFailed('action');
      const row = (await repo.findIncubator(trx, stackId, id)) as IncubatorRow;
      const categories = createCategoriesService({ ...deps, db: trx });
      let categoryId: number;
      try {
        // The proposal's permalink when it is free, else one derived from the name.
        categoryId = (
          await categories
            .add(stackId, { name: row.name, slogan: row.slogan, slug: row.slug })
            .catch(async (error: unknown) => {
              const slugTaken =
                error instanceof AppError && error.entries.length === 1 && error.entries[0]?.field === 'slug';
              if (!slugTaken) throw error;
              return categories.add(stackId, { name: row.name, slogan: row.slogan, slug: '' });
            })
        ).id;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 400) {
          throw new AppError(400, [...statusFailed('action').entries, ...error.entries]);
        }
        throw error;
      }
      await repo.moveStatus(
        trx,
        stackId,
        id,
        INCUBATOR_ACTION_FROM.publish,
        { status: 'published', restore_status: null, category_id: categoryId },
        clock.now(),
      );
    });
  }

  return {
    one,
    existing,
    threshold,
    promote,

    async list(stackId: number, query: IncubatorListQuery): Promise<IncubatorList> {
      const page = await repo.pageOfIncubators(
        db,
        stackId,
        {
          ...(query.status ? { statuses: [query.status] } : {}),
          ...(query.search?.trim() ? { search: query.search.trim() } : {}),
        },
        query.limit ?? 20,
        query.offset ?? 0,
      );
      return {
        count: page.count,
        results: await present(stackId, page.rows),
        threshold: await threshold(stackId),
      };
    },

    /** A console status action; refused with 'Error on update incubator status' where it does not apply. */
    async act(stackId: number, id: number, action: IncubatorAction): Promise<Incubator> {
      const row = await existing(stackId, id);
      const from = INCUBATOR_ACTION_FROM[action];
      if (!from.includes(row.status)) throw statusFailed('action');
      const now = clock.now();
      let moved = true;
      try {
        switch (action) {
          case 'publish':
            await publish(stackId, id);
            break;
          case 'votable':
            moved = await repo.moveStatus(
              db,
              stackId,
              id,
              from,
              { status: 'votable', restore_status: null },
              now,
            );
            if (moved) await promote(stackId, [id]);
            break;
          case 'hide':
          case 'ignore':
            moved = await repo.moveStatus(
              db,
              stackId,
              id,
              from,
              {
                status: action === 'hide' ? 'hidden' : 'ignored',
                restore_status: row.status as 'pending' | 'votable' | 'ready' | 'ignored',
              },
              now,
            );
            break;
          case 'restore': {
            const back: IncubatorStatus = row.restore_status ?? 'pending';
            moved = await repo.moveStatus(
              db,
              stackId,
              id,
              from,
              { status: back, restore_status: back === 'ignored' ? 'pending' : null },
              now,
            );
            if (moved && back === 'votable') await promote(stackId, [id]);
            break;
          }
        }
      } catch (error) {
        // Restoring a proposal whose name another live proposal took meanwhile (unique index).
        if (isUniqueViolation(error)) throw statusFailed('action');
        throw error;
      }
      if (!moved) throw statusFailed('action');
      return one(stackId, id);
    },

    async readThreshold(stackId: number): Promise<IncubatorThreshold> {
      return { threshold: await threshold(stackId), min: THRESHOLD_MIN, max: THRESHOLD_MAX };
    },

    /**
     * Stores the threshold through the dynamic preferences (which clamp it); refused with 'Error on
     * update threshold' when it is no whole number. Votable proposals that now reach it become ready.
     */
    async updateThreshold(
      stackId: number,
      value: unknown,
      accountId: number | null,
    ): Promise<IncubatorThreshold> {
      try {
        await preferences.update(stackId, INCUBATOR_THRESHOLD_PREFERENCE, value, accountId);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 400) {
          throw AppError.of(400, IncubatorErrorCode.thresholdFailed, M.thresholdError, 'threshold');
        }
        throw error;
      }
      await promote(stackId);
      return this.readThreshold(stackId);
    },

    /** The ready job: mails the staff of the categories area who take notifications. */
    async tellStaff(job: JobContext): Promise<void> {
      const { stackId, id } = job.payload as { stackId: number; id: number };
      const row = await repo.findIncubator(db, stackId, id);
      if (!row || row.status !== 'ready') return;
      // The roles the email manager sends this notice to (ADR 0030; by default the categories area's).
      const managers: readonly string[] = await staffNotificationRoles(db, stackId, 'incubator_ready');
      const to = (await listStaff(db, stackId))
        .filter((s) => managers.includes(s.role) && !s.disable_notifications && s.email !== '')
        .map((s) => s.email);
      if (to.length === 0) return;
      const vars = {
        community_name: (await findStack(db, stackId))?.name ?? `#${stackId}`,
        proposal: row.name,
        subscribers: row.subscribers_count,
        threshold: await threshold(stackId),
        incubator_url: `${deps.config.publicUrl}/categories/incubator`,
      };
      // Each in their language: one mail per language.
      for (const group of await recipientsByLocale(db, stackId, to)) {
        const mail = await renderEmail(db, stackId, 'incubator_ready', group.locale, vars);
        await deps.mailer.send(stackId, { to: group.to, ...mail });
      }
    },
  };
}

export type IncubatorsService = ReturnType<typeof createIncubatorsService>;
