import { REGISTRATION_ALERT_MESSAGES as M } from '@agora/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from '../../platform/mail/mailer.ts';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  addStaff,
  communityFixture,
  createStack,
  errorsOf,
  form,
  signIn,
  setFlag,
} from '../../test-support/fixtures.ts';
import '../../platform/mail/mail.tables.ts';
import '../../platform/jobs/jobs.tables.ts';
import {
  alertWindow,
  checkRegistrationAlerts,
  DEFAULT_REGISTRATION_ALERT_SETTINGS,
  registrationAllowed,
} from './registration-alerts.service.ts';

const BASE = '/c/demo/platform/api/v1';
const OTHER = '/c/other/platform/api/v1';
const RECIPIENTS = ['alerts@example.com', 'owner@example.com'];

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let demoId: number;
let otherId: number;
let members = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, otherId, admin, editor } = await communityFixture(t, ADMIN_PASSWORD));
});
afterAll(() => t.close());

const get = (who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/registration_alerts/get/`, headers: who.bearer });

const update = (body: Record<string, unknown>, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/registration_alerts/update/`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const valid = { active: true, span: 'monthly', threshold: 10, recipients: RECIPIENTS, block: false };

/** Members registering now (community users without a role), `daysAgo` days before the clock. */
async function register(count: number, stackId = demoId, daysAgo = 0) {
  const at = new Date(t.clock.now().getTime() - daysAgo * 86_400_000);
  for (let i = 0; i < count; i += 1) {
    members += 1;
    await t.db
      .insertInto('community_users')
      .values({
        stack_id: stackId,
        account_id: null,
        username: `member${members}`,
        role: null,
        created_at: at,
      })
      .execute();
  }
}

async function outbox() {
  return t.db.selectFrom('mail_outbox').selectAll().where('stack_id', '=', demoId).orderBy('id').execute();
}

/** Runs the due jobs after moving the clock to the next 10-minute check. */
async function nextCheck() {
  t.clock.advance(600);
  return t.jobs.runDue();
}

describe('registration threshold: settings', () => {
  it('reads the defaults and the current month before anything is saved', async () => {
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      ...DEFAULT_REGISTRATION_ALERT_SETTINGS,
      count: 0,
      percent: 0,
      window_from: '2026-11-01T00:00:00.000Z',
      window_to: '2026-12-01T00:00:00.000Z',
      levels_sent: [],
      registrations_blocked: false,
    });
  });

  it('refuses each invalid field with its message and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ recipients: [] }, 'recipients', 'required', M.required],
      [{ recipients: ['ok@example.com', 'nope'] }, 'recipients', 'invalid_email', 'Invalid email'],
      [{ recipients: 'ok@example.com, bad@' }, 'recipients', 'invalid_email', 'Invalid email'],
      [
        { recipients: Array.from({ length: 21 }, (_, i) => `r${i}@example.com`) },
        'recipients',
        'too_many',
        M.tooManyRecipients,
      ],
      [{ threshold: 0 }, 'threshold', 'invalid', M.threshold],
      [{ threshold: -5 }, 'threshold', 'invalid', M.threshold],
      [{ threshold: 1.5 }, 'threshold', 'invalid', M.threshold],
      [{ threshold: 'ten' }, 'threshold', 'invalid', M.threshold],
      [{ threshold: '' }, 'threshold', 'required', M.required],
      [{ span: 'yearly' }, 'span', 'invalid', M.span],
      [{ span: '' }, 'span', 'required', M.required],
      [{ span: 'specific_dates', date_to: '2026-11-30' }, 'date_from', 'required', M.required],
      [{ span: 'specific_dates', date_from: '2026-11-01' }, 'date_to', 'required', M.required],
      [
        { span: 'specific_dates', date_from: '2026-02-30', date_to: '2026-03-02' },
        'date_from',
        'invalid',
        M.date,
      ],
      [
        { span: 'specific_dates', date_from: '2026-11-10', date_to: '2026-11-09' },
        'date_to',
        'date_order',
        M.dateOrder,
      ],
      [
        { span: 'specific_dates', date_from: '2026-11-10', date_to: '2026-11-10' },
        'date_to',
        'date_order',
        M.dateOrder,
      ],
      [{ active: 'maybe' }, 'active', 'invalid', M.boolean],
      [{ block: 'sometimes' }, 'block', 'invalid', M.boolean],
    ];
    for (const [change, field, code, message] of cases) {
      const res = await update({ ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorsOf(res.body), JSON.stringify(change)).toEqual([
        expect.objectContaining({ field, code, message }),
      ]);
    }
    expect(M.invalidEmail).toBe('Invalid email');
    expect((await get()).json().data.active).toBe(false);
    const settings = await t.db.selectFrom('registration_alert_settings').selectAll().execute();
    expect(settings).toEqual([]);
  });

  it('saves valid settings (JSON or form) and answers the new state', async () => {
    const res = await update({
      ...valid,
      span: 'specific_dates',
      date_from: '2026-11-01',
      date_to: '2026-11-30',
      recipients: ['alerts@example.com', 'ALERTS@example.com', ' owner@example.com '],
      active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      active: false,
      span: 'specific_dates',
      date_from: '2026-11-01',
      date_to: '2026-11-30',
      threshold: 10,
      recipients: RECIPIENTS,
      window_from: '2026-11-01T00:00:00.000Z',
      window_to: '2026-12-01T00:00:00.000Z',
    });
    const viaForm = await t.app.inject({
      method: 'POST',
      url: `${BASE}/registration_alerts/update/`,
      ...form(
        {
          active: 'false',
          span: 'weekly',
          threshold: '25',
          recipients: 'alerts@example.com;owner@example.com',
          block: 'true',
          date_from: '2026-11-01',
        },
        admin.bearer,
      ),
    });
    expect(viaForm.statusCode, viaForm.body).toBe(200);
    const data = (await get()).json().data;
    expect(data).toMatchObject({
      active: false,
      span: 'weekly',
      threshold: 25,
      recipients: RECIPIENTS,
      block: true,
      // dates belong to specific dates only
      date_from: null,
      date_to: null,
      // 2026-11-21 is a Saturday: the ISO week started on Monday the 16th
      window_from: '2026-11-16T00:00:00.000Z',
      window_to: '2026-11-23T00:00:00.000Z',
    });
  });

  it('is for admins of the community with the feature on', async () => {
    expect((await get(editor)).statusCode).toBe(403);
    const refused = await update(valid, editor);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused.body)[0]?.code).toBe('permission_denied');
    expect((await get(admin, OTHER)).statusCode).toBe(404);
    expect((await update(valid, admin, OTHER)).statusCode).toBe(404);
    await setFlag(t, admin, demoId, 'registration_alerts', false);
    const off = await update(valid);
    expect(off.statusCode).toBe(403);
    expect(errorsOf(off.body)[0]?.code).toBe('feature_disabled');
    expect(errorsOf((await get()).body)[0]?.code).toBe('feature_disabled');
    await setFlag(t, admin, demoId, 'registration_alerts', true);
    expect((await get()).statusCode).toBe(200);
  });
});

describe('registration threshold: alerts', () => {
  beforeEach(async () => {
    await t.db.deleteFrom('mail_outbox').execute();
  });

  it('mails the recipients once per level (80, 90, 100 %) in the window, from the periodic job', async () => {
    const other = await t.db.selectFrom('community_users').select('id').where('role', 'is', null).execute();
    expect(other).toEqual([]);
    await register(7);
    // Staff and other communities' members do not count.
    await addStaff(t.db, demoId, null, 'publisher1', 'publisher');
    await register(5, otherId);
    const saved = await update({ ...valid, span: 'daily' });
    expect(saved.json().data).toMatchObject({ count: 7, percent: 70, levels_sent: [] });
    const queued = await t.db
      .selectFrom('jobs')
      .select(['kind', 'stack_id'])
      .where('kind', '=', 'registration-alerts.check')
      .where('finished_at', 'is', null)
      .execute();
    expect(queued).toEqual([{ kind: 'registration-alerts.check', stack_id: demoId }]);
    expect(await t.jobs.runDue()).toBe(1);
    expect(await outbox()).toEqual([]);

    await register(1);
    expect(await nextCheck()).toBe(1);
    let mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: RECIPIENTS,
      subject: '[Demo] Registrations at 80% of the threshold',
    });
    expect(mails[0]?.text).toContain(
      'The community "Demo" has 8 new registrations today (on 2026-11-21, UTC): 80% of the threshold of 10.',
    );
    expect(mails[0]?.text).toContain('http://agora.test/registration_alerts');
    expect(mails[0]?.text).not.toContain('refused');

    // The next checks find nothing new to tell.
    await nextCheck();
    await nextCheck();
    expect(await outbox()).toHaveLength(1);

    await register(1);
    await nextCheck();
    await register(1);
    await nextCheck();
    await nextCheck();
    mails = await outbox();
    expect(mails.map((m) => m.subject)).toEqual([
      '[Demo] Registrations at 80% of the threshold',
      '[Demo] Registrations at 90% of the threshold',
      '[Demo] Registrations at 100% of the threshold',
    ]);
    expect(mails[2]?.text).toContain(
      '10 new registrations today (on 2026-11-21, UTC): 100% of the threshold of 10.',
    );
    const data = (await get()).json().data;
    expect(data).toMatchObject({ count: 10, percent: 100, levels_sent: [80, 90, 100] });

    // A single chain of checks keeps running: one waiting job, at the next 10-minute slot.
    const waiting = await t.db
      .selectFrom('jobs')
      .select(['run_at', 'dedupe_key'])
      .where('kind', '=', 'registration-alerts.check')
      .where('finished_at', 'is', null)
      .execute();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.run_at.toISOString()).toBe('2026-11-21T11:10:00.000Z');
    expect(waiting[0]?.dedupe_key).toBe(
      `registration-alerts.check:${demoId}:daily:2026-11-21:2026-11-21T11:10:00.000Z`,
    );
  });

  it('starts again in a new window, and tells only the highest level reached at once', async () => {
    t.clock.advance(86_400); // the next day: yesterday's members no longer count
    admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    expect((await get()).json().data).toMatchObject({ count: 0, levels_sent: [] });
    await register(12);
    await t.jobs.runDue();
    const mails = await outbox();
    expect(mails.map((m) => m.subject)).toEqual(['[Demo] Registrations at 100% of the threshold']);
    expect(mails[0]?.text).toContain(
      '12 new registrations today (on 2026-11-22, UTC): 120% of the threshold of 10.',
    );
    expect((await get()).json().data).toMatchObject({ count: 12, percent: 120, levels_sent: [80, 90, 100] });
    const rows = await t.db
      .selectFrom('registration_alerts_sent')
      .select(['level', 'mailed'])
      .where('window_key', '=', 'daily:2026-11-22')
      .orderBy('level')
      .execute();
    expect(rows).toEqual([
      { level: 80, mailed: false },
      { level: 90, mailed: false },
      { level: 100, mailed: true },
    ]);
  });

  it('stops checking and mailing while the threshold is off', async () => {
    await update({ ...valid, span: 'forever', threshold: 100, active: false });
    t.clock.advance(600);
    await t.jobs.runDue();
    const waiting = await t.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'registration-alerts.check')
      .where('finished_at', 'is', null)
      .execute();
    expect(waiting).toEqual([]);
    await register(100);
    expect(await checkRegistrationAlerts({ ...t, mailer: t.mailer }, demoId)).toBeUndefined();
    expect(await outbox()).toEqual([]);
  });

  it('keeps a level to send again when the mail fails', async () => {
    await update({ ...valid, span: 'forever', threshold: 1000, active: true });
    await t.jobs.runDue();
    const count = (await get()).json().data.count as number;
    await update({ ...valid, span: 'forever', threshold: Math.ceil(count / 0.85), active: true });
    const failing: Mailer = {
      send: async () => {
        throw new Error('SMTP down');
      },
    };
    await expect(checkRegistrationAlerts({ ...t, mailer: failing }, demoId)).rejects.toThrow('SMTP down');
    expect((await get()).json().data.levels_sent).toEqual([]);
    const sent: OutgoingMail[] = [];
    const recording: Mailer = {
      send: async (_stackId, mail) => {
        sent.push(mail);
        return { messageId: 'm1', response: '250 OK' };
      },
    };
    expect(await checkRegistrationAlerts({ ...t, mailer: recording }, demoId)).toBe(80);
    expect(await checkRegistrationAlerts({ ...t, mailer: recording }, demoId)).toBeUndefined();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toEqual(RECIPIENTS);
    expect(sent[0]?.text).toContain('since the community started');
  });
});

describe('registration threshold: blocking', () => {
  it('refuses new members only while active, set to block and reached', async () => {
    const stackId = await createStack(t.db, 'blocked', 'Blocked community');
    const now = () => t.clock.now();
    expect(await registrationAllowed(t.db, stackId, now())).toBe(true);
    await t.db
      .insertInto('registration_alert_settings')
      .values({
        stack_id: stackId,
        active: true,
        span: 'daily',
        threshold: 3,
        recipients: JSON.stringify(RECIPIENTS),
        block: true,
        date_from: null,
        date_to: null,
        updated_at: now(),
      })
      .execute();
    await register(2, stackId);
    expect(await registrationAllowed(t.db, stackId, now())).toBe(true);
    await register(1, stackId);
    expect(await registrationAllowed(t.db, stackId, now())).toBe(false);
    // Tomorrow is a new window.
    expect(await registrationAllowed(t.db, stackId, new Date(now().getTime() + 86_400_000))).toBe(true);
    await t.db
      .updateTable('registration_alert_settings')
      .set({ block: false })
      .where('stack_id', '=', stackId)
      .execute();
    expect(await registrationAllowed(t.db, stackId, now())).toBe(true);
    await t.db
      .updateTable('registration_alert_settings')
      .set({ block: true, active: false })
      .where('stack_id', '=', stackId)
      .execute();
    expect(await registrationAllowed(t.db, stackId, now())).toBe(true);
  });

  it('shows the block in the state and says so in the 100 % mail', async () => {
    await t.db.deleteFrom('mail_outbox').execute();
    const count = (await get()).json().data.count as number;
    const res = await update({ ...valid, span: 'forever', threshold: count, block: true });
    expect(res.json().data).toMatchObject({ registrations_blocked: true, percent: 100 });
    expect(await registrationAllowed(t.db, demoId, t.clock.now())).toBe(false);
    await t.jobs.runDue();
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(
      'New registrations are refused until the next period or until the threshold is raised.',
    );
  });
});

describe('registration threshold: windows', () => {
  const at = (iso: string) => new Date(iso);
  const settings = (span: string, extra: Record<string, string> = {}) =>
    ({
      ...DEFAULT_REGISTRATION_ALERT_SETTINGS,
      span,
      ...extra,
    }) as typeof DEFAULT_REGISTRATION_ALERT_SETTINGS;
  const iso = (w: { from: Date | null; to: Date | null; key: string }) => [
    w.from?.toISOString() ?? null,
    w.to?.toISOString() ?? null,
    w.key,
  ];

  it('counts from UTC midnight, the ISO week, the calendar month, forever or the chosen days', () => {
    expect(iso(alertWindow(settings('daily'), at('2026-11-21T23:59:59Z')))).toEqual([
      '2026-11-21T00:00:00.000Z',
      '2026-11-22T00:00:00.000Z',
      'daily:2026-11-21',
    ]);
    // Sunday belongs to the week that started on Monday.
    expect(iso(alertWindow(settings('weekly'), at('2026-11-22T12:00:00Z')))).toEqual([
      '2026-11-16T00:00:00.000Z',
      '2026-11-23T00:00:00.000Z',
      'weekly:2026-11-16',
    ]);
    expect(iso(alertWindow(settings('weekly'), at('2026-11-23T00:00:00Z')))[2]).toBe('weekly:2026-11-23');
    expect(iso(alertWindow(settings('monthly'), at('2026-12-31T10:00:00Z')))).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
      'monthly:2026-12',
    ]);
    expect(iso(alertWindow(settings('forever'), at('2026-12-31T10:00:00Z')))).toEqual([
      null,
      null,
      'forever',
    ]);
    expect(
      iso(
        alertWindow(
          settings('specific_dates', { date_from: '2026-11-10', date_to: '2026-11-20' }),
          at('2026-11-21T10:00:00Z'),
        ),
      ),
    ).toEqual([
      '2026-11-10T00:00:00.000Z',
      '2026-11-21T00:00:00.000Z',
      'specific_dates:2026-11-10..2026-11-20',
    ]);
  });
});

describe('registration threshold: each recipient in their language (ADR 0030)', () => {
  it('mails an Italian member the Italian alert with an Italian period, others in English', async () => {
    const stackId = await createStack(t.db, 'lingue', 'Comunità');
    await t.db
      .insertInto('community_users')
      .values([
        {
          stack_id: stackId,
          account_id: null,
          username: 'giulia',
          email: 'giulia@example.com',
          language: 'it',
        },
        { stack_id: stackId, account_id: null, username: 'mod', email: 'mod@example.com', role: 'moderator' },
      ])
      .execute();
    await t.db
      .insertInto('registration_alert_settings')
      .values({
        stack_id: stackId,
        active: true,
        span: 'weekly',
        threshold: 2,
        recipients: JSON.stringify(['giulia@example.com', 'nobody@example.com']),
        block: false,
        date_from: null,
        date_to: null,
        updated_at: t.clock.now(),
      })
      .execute();
    await register(2, stackId);
    const sent: OutgoingMail[] = [];
    const recording: Mailer = {
      send: async (_stackId, mail) => {
        sent.push(mail);
        return { messageId: 'm1', response: '250 OK' };
      },
    };
    expect(await checkRegistrationAlerts({ ...t, mailer: recording }, stackId)).toBe(100);
    const italian = sent.find((m) => m.to.includes('giulia@example.com'));
    const english = sent.find((m) => m.to.includes('nobody@example.com'));
    expect(italian?.to).toEqual(['giulia@example.com']);
    expect(italian?.text).toContain('nuove registrazioni questa settimana (dal ');
    expect(italian?.text).not.toMatch(/this week|from \d/);
    expect(english?.text).toContain('new registrations this week (from ');
    // The moderator is not a recipient until the email manager sends this notice to moderators.
    expect(sent.flatMap((m) => m.to)).not.toContain('mod@example.com');

    const template = await t.db
      .selectFrom('email_templates')
      .select('id')
      .where('stack_id', '=', stackId)
      .where('key', '=', 'registration_alert')
      .executeTakeFirst();
    expect(template).toBeUndefined();
    await t.db
      .insertInto('email_settings')
      .values({ stack_id: stackId, default_language: 'it', updated_by: 'owner' })
      .execute();
    await t.db
      .insertInto('email_templates')
      .values({
        stack_id: stackId,
        key: 'registration_alert',
        name: 'Registration alert',
        type: 'system',
        subject_en: 'Alert {{level}}',
        subject_it: 'Avviso {{level}}',
        html_en: '<p>{{period}}</p>',
        html_it: '<p>{{period}}</p>',
        roles: JSON.stringify(['moderator']),
      })
      .execute();
    await t.db.deleteFrom('registration_alerts_sent').where('stack_id', '=', stackId).execute();
    sent.length = 0;
    expect(await checkRegistrationAlerts({ ...t, mailer: recording }, stackId)).toBe(100);
    // Everyone without a language of their own now reads the community's default, Italian: one mail.
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toEqual(['giulia@example.com', 'nobody@example.com', 'mod@example.com']);
    expect(sent[0]?.subject).toBe('Avviso 100');
  });
});
