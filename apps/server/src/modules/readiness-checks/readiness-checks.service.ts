import {
  READINESS_CHECKS,
  READINESS_GROUPS,
  REQUIRED_LEGAL_POLICIES,
  type ReadinessCheck,
  type ReadinessConfiguration,
  type ReadinessGroup,
  type ReadinessMonitoring,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { jobHealth } from '../../platform/jobs/job-health.ts';
import { readSecret } from '../dynamic-preferences/dynamic-preferences.repository.ts';
import {
  createDynamicPreferencesService,
  JWT_SECRET_NAME,
} from '../dynamic-preferences/dynamic-preferences.service.ts';
import { countStaff } from '../users/community-users.repository.ts';
import * as repo from './readiness-checks.repository.ts';
import {
  countCategories,
  currentPolicies,
  customDomainOf,
  hasCustomMailServer,
  platformMailConfigured,
} from './readiness-checks.sources.ts';

/** Preferences the configuration checks read. */
const PREFERENCES = [
  'navbar_logo',
  'application_name',
  'application_slogan1',
  'post_type_enabled',
  'discussion_type_enabled',
  'status_type_enabled',
  'meta_title_home_not_logged',
  'meta_description',
  'cover_1_hp_m1920',
  'cover_2_hp_m1920',
  'cover_3_hp_m1920',
  'cover_4_hp_m1920',
  'user_default_avatar',
  'tag_manager_container_id',
  'app_icon',
] as const;

/** A job waiting longer than this past its time means the worker is behind or stopped. */
const JOB_DELAY_LIMIT_SECONDS = 5 * 60;
const DATABASE_TIMEOUT_MS = 2_000;

/** The readiness checks of a community (spec mgmt §1), computed from its real state. */
export function createReadinessChecksService(deps: PlatformDeps) {
  const { db, clock } = deps;
  const preferences = createDynamicPreferencesService(deps);

  async function states(stackId: number): Promise<Record<string, boolean>> {
    const list = await preferences.list(stackId, [...PREFERENCES]);
    const value = new Map(list.map((p) => [p.name, p.value]));
    const text = (name: (typeof PREFERENCES)[number]) => String(value.get(name) ?? '').trim() !== '';
    const on = (name: (typeof PREFERENCES)[number]) => value.get(name) === true;
    const [mailServer, domain, staff, jwt, categories, policies] = await Promise.all([
      hasCustomMailServer(db, stackId),
      customDomainOf(db, stackId),
      countStaff(db, stackId),
      readSecret(db, stackId, JWT_SECRET_NAME).then((sealed) => sealed !== undefined),
      countCategories(db, stackId),
      currentPolicies(db, stackId),
    ]);
    return {
      logo: text('navbar_logo'),
      application_name: text('application_name'),
      content_types: on('post_type_enabled') || on('discussion_type_enabled') || on('status_type_enabled'),
      mail_server: mailServer,
      seo: text('meta_title_home_not_logged') && text('meta_description'),
      slogan: text('application_slogan1'),
      categories: categories > 0,
      // Members accept what is published: terms of service and privacy policy, each with a version.
      legal_pages: REQUIRED_LEGAL_POLICIES.every((policy) => policies.includes(policy)),
      cover_image: [1, 2, 3, 4].some((n) => text(`cover_${n}_hp_m1920` as (typeof PREFERENCES)[number])),
      staff: staff >= 2,
      custom_domain: domain !== null,
      default_avatar: text('user_default_avatar'),
      tag_manager: text('tag_manager_container_id'),
      jwt_key: jwt,
      app_icon: text('app_icon'),
    };
  }

  return {
    async configuration(stackId: number): Promise<ReadinessConfiguration> {
      const ok = await states(stackId);
      const group = (name: ReadinessGroup): ReadinessCheck[] =>
        Object.entries(READINESS_CHECKS[name]).map(([id, link]) => ({
          id,
          ok: ok[id] === true,
          link,
          note: null,
        }));
      return Object.fromEntries(
        READINESS_GROUPS.map((name) => [name, group(name)]),
      ) as ReadinessConfiguration;
    },

    async monitoring(stackId: number): Promise<ReadinessMonitoring> {
      const now = clock.now();
      const latency = await repo.databaseLatency(db, DATABASE_TIMEOUT_MS);
      const database = { ok: latency !== undefined, latency_ms: latency ?? null };
      let jobs: ReadinessMonitoring['jobs'] = {
        ok: false,
        available: false,
        failed_last_24h: 0,
        oldest_due_seconds: null,
      };
      let custom = false;
      if (database.ok) {
        const health = await jobHealth(db, stackId, new Date(now.getTime() - 86_400_000), now);
        jobs = {
          ok: health.failed === 0 && (health.oldestDueSeconds ?? 0) <= JOB_DELAY_LIMIT_SECONDS,
          available: true,
          failed_last_24h: health.failed,
          oldest_due_seconds: health.oldestDueSeconds,
        };
        custom = await hasCustomMailServer(db, stackId);
      }
      const sender = custom ? 'custom' : platformMailConfigured(deps.config) ? 'platform' : 'none';
      const mail = { ok: sender !== 'none', sender } as const;
      return {
        ok: database.ok && jobs.ok && mail.ok,
        checked_at: now.toISOString(),
        database,
        jobs,
        mail,
      };
    },
  };
}
