import {
  DASHBOARD_LAYOUT_MAX_BYTES,
  DASHBOARD_LAYOUT_MESSAGES,
  ErrorCode,
  FEATURE_NAMES,
  isFeatureEnabled,
  preferenceDefinition,
  readPreferenceValue,
  REPORT_WINDOW_DAYS,
  type ActiveUsersFull,
  type EngagementFull,
  type RetentionFull,
  type RetentionFullPoint,
  type SocialDensityFull,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { storedValues } from '../dynamic-preferences/dynamic-preferences.repository.ts';
import { enabledFeatures } from '../features/features.service.ts';
import * as repo from './data-provisioning.repository.ts';

const DAY_MS = 86_400_000;

export interface ReportWindow {
  /** The reference date, YYYY-MM-DD. */
  date: string;
  /** Included: 30 days before `until`. */
  since: Date;
  /** Excluded: the start of the day after the reference date. */
  until: Date;
}

/** The 30 days that end with the reference date (the whole of that day included), in UTC. */
export function reportWindow(date: string): ReportWindow {
  const until = new Date(new Date(`${date}T00:00:00Z`).getTime() + DAY_MS);
  return { date, since: new Date(until.getTime() - REPORT_WINDOW_DAYS * DAY_MS), until };
}

export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The same day `months` calendar months earlier (the 31st becomes the month's last day). */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay))));
}

/** A percentage or ratio rounded to 4 decimals; null when the denominator is 0. */
function ratio(numerator: number, denominator: number, scale: number): number | null {
  if (denominator === 0) return null;
  return Math.round(((scale * numerator) / denominator) * 10_000) / 10_000;
}

/** The core §9 reports, the data-provisioning check and the dashboard layouts. */
export function createDataProvisioningService({ db, clock }: Pick<PlatformDeps, 'db' | 'clock'>) {
  const today = () => isoDay(clock.now());

  async function activeUsers(stackId: number, date = today()): Promise<ActiveUsersFull> {
    const w = reportWindow(date);
    const [active, members] = await Promise.all([
      repo.activeMembers(db, stackId, w.since, w.until),
      repo.membersBefore(db, stackId, w.until),
    ]);
    return {
      date,
      value: active,
      since: w.since.toISOString(),
      until: w.until.toISOString(),
      active,
      members,
      from: isoDay(w.since),
      to: date,
      active_users: active,
      total_users: members,
    };
  }

  async function retentionAt(stackId: number, date: string): Promise<RetentionFullPoint> {
    const w = reportWindow(date);
    const [active, fresh, before] = await Promise.all([
      repo.activeMembers(db, stackId, w.since, w.until),
      repo.membersRegistered(db, stackId, w.since, w.until),
      repo.membersBefore(db, stackId, w.since),
    ]);
    const retention = ratio(active - fresh, before, 100);
    return {
      date,
      value: retention ?? 0,
      since: w.since.toISOString(),
      until: w.until.toISOString(),
      active,
      new: fresh,
      registered_before: before,
      active_users: active,
      new_users: fresh,
      retention,
    };
  }

  async function retention(stackId: number, period: number, date = today()): Promise<RetentionFull> {
    const dates = Array.from({ length: period }, (_, i) => monthsBefore(date, period - 1 - i));
    const series: RetentionFullPoint[] = [];
    for (const day of dates) series.push(await retentionAt(stackId, day));
    const last = series[series.length - 1] as RetentionFullPoint;
    return { ...last, period, results: series, series };
  }

  async function engagement(stackId: number, date = today()): Promise<EngagementFull> {
    const w = reportWindow(date);
    const [active, contributors] = await Promise.all([
      repo.activeMembers(db, stackId, w.since, w.until),
      repo.activeContributors(db, stackId, w.since, w.until),
    ]);
    const engagementValue = ratio(contributors, active, 100);
    return {
      date,
      value: engagementValue ?? 0,
      since: w.since.toISOString(),
      until: w.until.toISOString(),
      active,
      contributors,
      from: isoDay(w.since),
      to: date,
      active_users: active,
      active_contributors: contributors,
      engagement: engagementValue,
    };
  }

  async function followEnabled(stackId: number): Promise<boolean> {
    const definition = preferenceDefinition('follow_enabled');
    if (!definition) return false;
    const stored = (await storedValues(db, stackId, [definition.name])).get(definition.name);
    return readPreferenceValue(definition, stored ?? null) === true;
  }

  async function socialDensity(stackId: number, date = today()): Promise<SocialDensityFull> {
    const { until } = reportWindow(date);
    const follows = await followEnabled(stackId);
    const [members, links] = await Promise.all([
      repo.membersBefore(db, stackId, until),
      follows ? repo.memberFollowPairs(db, stackId, until) : repo.memberConnections(db, stackId, until),
    ]);
    const possible = (members * (members - 1)) / 2;
    const density = ratio(links, possible, 1);
    return {
      date,
      value: density ?? 0,
      until: until.toISOString(),
      mode: follows ? 'follows' : 'connections',
      members,
      possible_pairs: possible,
      nodes: members,
      connections: links,
      social_density: density,
    };
  }

  /** Data provisioning is available while at least one of the community's data_provisioning_* flags is on. */
  async function available(stackId: number): Promise<boolean> {
    const enabled = await enabledFeatures(db, stackId);
    return FEATURE_NAMES.some(
      (name) => name.startsWith('data_provisioning_') && isFeatureEnabled(enabled, name),
    );
  }

  function ownUser(callerUserId: number, userId: number): void {
    // Another staff member's layout is not even confirmed to exist.
    if (callerUserId !== userId) throw AppError.notFound('This dashboard is not found');
  }

  async function layout(stackId: number, callerUserId: number, userId: number): Promise<string> {
    ownUser(callerUserId, userId);
    return (await repo.findLayout(db, stackId, userId)) ?? '';
  }

  async function saveLayout(stackId: number, callerUserId: number, userId: number, raw: unknown) {
    ownUser(callerUserId, userId);
    const m = DASHBOARD_LAYOUT_MESSAGES;
    const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : raw;
    if (typeof text !== 'string' || text.trim() === '') {
      throw AppError.of(400, ErrorCode.required, m.required, 'layout');
    }
    if (Buffer.byteLength(text, 'utf8') > DASHBOARD_LAYOUT_MAX_BYTES) {
      throw AppError.of(400, ErrorCode.invalid, m.tooLarge, 'layout');
    }
    try {
      JSON.parse(text);
    } catch {
      throw AppError.of(400, ErrorCode.invalid, m.notJson, 'layout');
    }
    await repo.saveLayout(db, stackId, userId, text, clock.now());
    return text;
  }

  return { activeUsers, retention, engagement, socialDensity, available, layout, saveLayout };
}
export type DataProvisioningService = ReturnType<typeof createDataProvisioningService>;
