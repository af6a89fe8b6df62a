import {
  type EmailLocale,
  checkRegistrationAlertInput,
  REGISTRATION_ALERT_LEVELS,
  type RegistrationAlertSettings,
  type RegistrationAlertState,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import {
  recipientsByLocale,
  renderEmail,
  staffNotificationRoles,
} from '../email-manager/email-manager.service.ts';
import { emailDay } from '../email-manager/email-words.service.ts';
import { listStaff } from '../staff/staff.repository.ts';
import { findStack } from '../stacks/stack-row.repository.ts';
import { countMembersJoined } from '../users/community-users.repository.ts';
import * as repo from './registration-alerts.repository.ts';

/** The job that compares registrations with the threshold and mails the recipients. */
export const REGISTRATION_ALERT_JOB = 'registration-alerts.check';
/** How often an active threshold is checked. */
export const REGISTRATION_ALERT_INTERVAL_MS = 10 * 60 * 1000;

/** What a community that never saved its threshold reads. */
export const DEFAULT_REGISTRATION_ALERT_SETTINGS: RegistrationAlertSettings = {
  active: false,
  span: 'monthly',
  date_from: null,
  date_to: null,
  threshold: 1000,
  recipients: [],
  block: false,
};

const DAY_MS = 86_400_000;
const day = (date: Date) => date.toISOString().slice(0, 10);

export interface AlertWindow {
  from: Date | null;
  /** Excluded. */
  to: Date | null;
  /** Names the window: a level is mailed once per key. */
  key: string;
}

/**
 * The window registrations are counted in, in UTC: today since midnight, the ISO week (from
 * Monday), the calendar month, forever, or the chosen days (both included).
 */
export function alertWindow(settings: RegistrationAlertSettings, now: Date): AlertWindow {
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  switch (settings.span) {
    case 'daily':
      return { from: midnight, to: new Date(midnight.getTime() + DAY_MS), key: `daily:${day(midnight)}` };
    case 'weekly': {
      const monday = new Date(midnight.getTime() - ((midnight.getUTCDay() + 6) % 7) * DAY_MS);
      return { from: monday, to: new Date(monday.getTime() + 7 * DAY_MS), key: `weekly:${day(monday)}` };
    }
    case 'monthly': {
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      return { from: first, to: next, key: `monthly:${day(first).slice(0, 7)}` };
    }
    case 'forever':
      return { from: null, to: null, key: 'forever' };
    case 'specific_dates': {
      const from = new Date(`${settings.date_from}T00:00:00Z`);
      const to = new Date(new Date(`${settings.date_to}T00:00:00Z`).getTime() + DAY_MS);
      return { from, to, key: `specific_dates:${settings.date_from}..${settings.date_to}` };
    }
  }
}

/** Levels (80, 90, 100) that `count` reaches against `threshold`. */
export function reachedLevels(count: number, threshold: number): number[] {
  return REGISTRATION_ALERT_LEVELS.filter((level) => count * 100 >= level * threshold);
}

async function usage(db: Db, stackId: number, settings: RegistrationAlertSettings, now: Date) {
  const window = alertWindow(settings, now);
  const count = await countMembersJoined(db, stackId, window.from, window.to);
  return { window, count };
}

/**
 * Whether a new member may register now: false while the threshold is on, set to block, and
 * reached in the current window. For the member sign-up.
 */
export async function registrationAllowed(db: Db, stackId: number, now: Date): Promise<boolean> {
  const settings = await repo.findSettings(db, stackId);
  if (!settings?.active || !settings.block) return true;
  const { count } = await usage(db, stackId, settings, now);
  return count < settings.threshold;
}

type AlertDeps = Pick<PlatformDeps, 'db' | 'clock' | 'config' | 'mailer'>;

const PERIOD_WORDS: Record<
  EmailLocale,
  Record<RegistrationAlertSettings['span'], string> & {
    always: string;
    on: (day: string) => string;
    range: (first: string, last: string) => string;
  }
> = {
  en: {
    daily: 'today',
    weekly: 'this week',
    monthly: 'this month',
    forever: '',
    specific_dates: 'in the chosen period',
    always: 'since the community started',
    on: (d) => `on ${d}`,
    range: (a, b) => `from ${a} to ${b}`,
  },
  it: {
    daily: 'oggi',
    weekly: 'questa settimana',
    monthly: 'questo mese',
    forever: '',
    specific_dates: 'nel periodo scelto',
    always: "dall'avvio della community",
    on: (d) => `il ${d}`,
    range: (a, b) => `dal ${a} al ${b}`,
  },
};

/** The window in words, in the email's language: "this week (from 2026-11-16 to 2026-11-22, UTC)". */
export function describeWindow(
  settings: RegistrationAlertSettings,
  window: AlertWindow,
  locale: EmailLocale = 'en',
): string {
  const words = PERIOD_WORDS[locale];
  if (!window.from || !window.to) return words.always;
  const first = emailDay(window.from, locale);
  const last = emailDay(new Date(window.to.getTime() - DAY_MS), locale);
  const range = first === last ? words.on(first) : words.range(first, last);
  return `${words[settings.span]} (${range}, UTC)`;
}

/** The values of the alert email's template (`registration_alert`). */
export function alertVars(input: {
  communityName: string;
  settings: RegistrationAlertSettings;
  window: AlertWindow;
  count: number;
  level: number;
  consoleUrl: string;
  locale?: EmailLocale;
}) {
  const { communityName, settings, window, count, level } = input;
  return {
    community_name: communityName,
    registrations: count,
    period: describeWindow(settings, window, input.locale),
    percent: Math.floor((count * 100) / settings.threshold),
    threshold: settings.threshold,
    level,
    blocks_now: settings.block && level >= 100,
    will_block: settings.block && level < 100,
    settings_url: input.consoleUrl,
  };
}

/**
 * Who gets the alert: the addresses of the threshold settings, and the staff of the roles the email
 * manager sends this notification to (ADR 0030) who take internal notifications.
 */
async function alertRecipients(db: Db, stackId: number, settings: RegistrationAlertSettings) {
  const roles: readonly string[] = await staffNotificationRoles(db, stackId, 'registration_alert');
  const staff =
    roles.length === 0
      ? []
      : (await listStaff(db, stackId))
          .filter((s) => roles.includes(s.role) && !s.disable_notifications && s.email !== '')
          .map((s) => s.email);
  const seen = new Set<string>();
  return [...settings.recipients, ...staff].filter((email) => {
    const key = email.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Compares the current window's registrations with the threshold and mails the recipients once per
 * level and window. When several levels are reached at once, one mail tells the highest and the lower
 * ones are recorded as covered. Answers the level mailed, if any. A failed mail is forgotten, so the
 * job's retry sends it.
 */
export async function checkRegistrationAlerts(deps: AlertDeps, stackId: number): Promise<number | undefined> {
  const { db, clock } = deps;
  const settings = await repo.findSettings(db, stackId);
  if (!settings?.active) return undefined;
  const now = clock.now();
  const { window, count } = await usage(db, stackId, settings, now);
  const done = new Set(await repo.sentLevels(db, stackId, window.key));
  const fresh = reachedLevels(count, settings.threshold).filter((level) => !done.has(level));
  const top = fresh.at(-1);
  if (top === undefined) return undefined;
  const claimed = await repo.claimLevels(db, {
    stackId,
    windowKey: window.key,
    levels: fresh,
    mailedLevel: top,
    registrations: count,
    threshold: settings.threshold,
    at: now,
  });
  if (!claimed.includes(top)) return undefined;
  const communityName = (await findStack(db, stackId))?.name ?? `#${stackId}`;
  try {
    // Each recipient in their language: one mail per language.
    for (const { locale, to } of await recipientsByLocale(
      db,
      stackId,
      await alertRecipients(db, stackId, settings),
    )) {
      const vars = alertVars({
        communityName,
        settings,
        window,
        count,
        level: top,
        consoleUrl: `${deps.config.publicUrl}/registration_alerts`,
        locale,
      });
      const mail = await renderEmail(db, stackId, 'registration_alert', locale, vars);
      await deps.mailer.send(stackId, { to, ...mail });
    }
  } catch (error) {
    await repo.releaseLevels(db, stackId, window.key, claimed);
    throw error;
  }
  return top;
}

/** The start of the next 10-minute slot: every check of a community lands on the same slots. */
export function nextCheckAt(now: Date): Date {
  return new Date(
    (Math.floor(now.getTime() / REGISTRATION_ALERT_INTERVAL_MS) + 1) * REGISTRATION_ALERT_INTERVAL_MS,
  );
}

/** The registration threshold area: settings, usage and the periodic check job. */
export function createRegistrationAlertsService(
  deps: Pick<PlatformDeps, 'db' | 'clock' | 'config' | 'jobs' | 'mailer'>,
) {
  const { db, clock, jobs } = deps;

  async function state(stackId: number): Promise<RegistrationAlertState> {
    const settings = (await repo.findSettings(db, stackId)) ?? DEFAULT_REGISTRATION_ALERT_SETTINGS;
    const { window, count } = await usage(db, stackId, settings, clock.now());
    return {
      ...settings,
      count,
      percent: Math.floor((count * 100) / settings.threshold),
      window_from: window.from?.toISOString() ?? null,
      window_to: window.to?.toISOString() ?? null,
      levels_sent: await repo.sentLevels(db, stackId, window.key),
      registrations_blocked: settings.active && settings.block && count >= settings.threshold,
    };
  }

  /** Runs one check and, while the threshold is on, schedules the next one (one per slot and window). */
  async function runCheck(stackId: number): Promise<void> {
    await checkRegistrationAlerts(deps, stackId);
    const settings = await repo.findSettings(db, stackId);
    if (!settings?.active) return;
    const at = nextCheckAt(clock.now());
    const window = alertWindow(settings, at);
    await jobs.enqueue(
      REGISTRATION_ALERT_JOB,
      { stackId },
      {
        stackId,
        runAt: at,
        dedupeKey: `${REGISTRATION_ALERT_JOB}:${stackId}:${window.key}:${at.toISOString()}`,
      },
    );
  }

  return {
    state,
    runCheck,

    async update(stackId: number, body: Record<string, unknown>, accountId: number) {
      const check = checkRegistrationAlertInput(body);
      if (!check.ok) {
        throw new AppError(
          400,
          check.problems.map((p) => errorEntry(p.code, p.message, p.field)),
        );
      }
      await repo.saveSettings(db, stackId, check.settings, accountId, clock.now());
      if (check.settings.active) await jobs.enqueue(REGISTRATION_ALERT_JOB, { stackId }, { stackId });
      return state(stackId);
    },
  };
}

export type RegistrationAlertsService = ReturnType<typeof createRegistrationAlertsService>;
