import {
  EMAIL_MANAGER_MESSAGES as M,
  type EmailPreview,
  type EmailRoles,
  type EmailSettings,
  type EmailTemplate,
  type EmailTemplateList,
} from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type SignedIn, communityWithRoles, errorsOf } from '../../test-support/fixtures.ts';
import { recipientLocale, renderEmail, staffNotificationRoles } from './email-manager.service.ts';

// Issue 14 §1 leftovers (ADR 0030): a template's sections, the roles of staff notifications, and the
// language of an email (the member's, else the community's default, else English).

const BASE = '/c/demo/platform/api/v1/email_manager';
const OTHER = '/c/other/platform/api/v1/email_manager';
const STRONG = 'Correct-Horse-Battery-9';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let owner: SignedIn;
let demoId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, editor, owner, demoId } = await communityWithRoles(t, ADMIN_PASSWORD));
});
afterAll(() => t.close());

const post = (path: string, body: unknown, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const get = (path: string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/${path}`, headers: who.bearer });
const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;

async function templateOf(key: string): Promise<EmailTemplate> {
  const res = await get('templates/?limit=100');
  const found = data<EmailTemplateList>(res.body).results.find((r) => r.key === key);
  if (!found) throw new Error(`no template ${key}`);
  return found;
}

describe('email templates: sections', () => {
  it('stores named sections the body includes, in their order, and sends them', async () => {
    const template = await templateOf('registration_approved');
    expect(template.sections).toEqual([]);
    const sections = [
      { name: 'greeting', html: { en: '<p>Hi {{username}}!</p>', it: '<p>Ciao {{username}}!</p>' } },
      { name: 'signature', html: { en: '<p>The team</p>', it: '<p>Lo staff</p>' } },
    ];
    const res = await post(`templates/${template.id}/update/`, {
      sections,
      html: {
        en: '{{> greeting}}<p>Welcome.</p>{{> signature}}',
        it: '{{> greeting}}<p>Benvenuto.</p>{{> signature}}',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<EmailTemplate>(res.body).sections).toEqual(sections);
    const mail = await renderEmail(t.db, demoId, 'registration_approved', 'it', {
      username: 'giulia',
      sign_in_url: 'https://example.com',
    });
    expect(mail.text).toContain('Ciao giulia!\n\nBenvenuto.\n\nLo staff');
    // Reordered: the order is kept.
    const swapped = await post(`templates/${template.id}/update/`, { sections: [sections[1], sections[0]] });
    expect(data<EmailTemplate>(swapped.body).sections.map((s) => s.name)).toEqual(['signature', 'greeting']);
  });

  it('refuses a template that would not render, with the reason on its field', async () => {
    const template = await templateOf('registration_approved');
    const cases: Array<[unknown, string, string]> = [
      [{ html: { en: '{{> missing}}' } }, 'html.en', M.unknownSection.replace('{name}', 'missing')],
      [
        { sections: [{ name: 'greeting', html: { en: '{{password}}', it: 'x' } }] },
        'sections.0.html.en',
        M.unknownVariable.replace('{name}', 'password'),
      ],
      [
        { sections: [{ name: 'greeting', html: { en: 'x', it: '{{> greeting}}' } }] },
        'sections.0.html.it',
        M.sectionInSection,
      ],
      [{ sections: [{ name: 'Bad name', html: { en: 'x', it: 'x' } }] }, 'sections.0.name', M.sectionName],
      [
        {
          sections: [
            { name: 'a', html: { en: 'x', it: 'x' } },
            { name: 'a', html: { en: 'y', it: 'y' } },
          ],
        },
        'sections.1.name',
        M.sectionDuplicate.replace('{name}', 'a'),
      ],
      // The stored body still includes `greeting`: it cannot be removed alone.
      [{ sections: [] }, 'html.en', M.unknownSection.replace('{name}', 'greeting')],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(`templates/${template.id}/update/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorsOf(res.body)).toContainEqual(expect.objectContaining({ field, message }));
    }
    // Nothing changed.
    expect((await templateOf('registration_approved')).sections.map((s) => s.name)).toEqual([
      'signature',
      'greeting',
    ]);
  });

  it('previews a draft with its sections, and a custom template keeps its own', async () => {
    const res = await post('preview/', {
      key: 'test_email',
      subject: 'Hello',
      html: '<p>Top</p>{{> foot}}',
      sections: [{ name: 'foot', html: '<p>Bottom of {{community_name}}</p>' }],
      locale: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<EmailPreview>(res.body).text).toContain('Top\n\nBottom of');
    const added = await post('templates/add/', {
      name: 'With sections',
      type: 'invite',
      subject: { en: 'Hi', it: 'Ciao' },
      html: { en: '{{> body}}', it: '{{> body}}' },
      sections: [{ name: 'body', html: { en: '<p>Hi {{name}}</p>', it: '<p>Ciao {{name}}</p>' } }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(data<EmailTemplate>(added.body).sections).toHaveLength(1);
  });
});

describe('email templates: roles of staff notifications', () => {
  it('lists the staff notifications with their roles, the shipped defaults first', async () => {
    const res = await get('templates/roles/');
    expect(res.statusCode, res.body).toBe(200);
    const roles = data<EmailRoles>(res.body);
    expect(roles.roles).toEqual(['admin', 'editor', 'moderator', 'publisher']);
    expect(roles.templates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: 'incubator_ready',
          roles: ['admin', 'editor'],
          default_roles: ['admin', 'editor'],
        }),
        expect.objectContaining({ key: 'registration_alert', roles: [], default_roles: [] }),
      ]),
    );
    expect((await templateOf('test_email')).roles).toBeNull();
  });

  it('sets the roles a notification goes to, and refuses it for other emails', async () => {
    const incubator = await templateOf('incubator_ready');
    const res = await post(`templates/${incubator.id}/roles/`, { roles: ['moderator', 'admin', 'admin'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<EmailTemplate>(res.body).roles).toEqual(['admin', 'moderator']);
    expect(await staffNotificationRoles(t.db, demoId, 'incubator_ready')).toEqual(['admin', 'moderator']);
    const other = await post(`templates/${(await templateOf('test_email')).id}/roles/`, { roles: ['admin'] });
    expect(other.statusCode).toBe(400);
    expect(errorsOf(other.body)[0]).toMatchObject({ field: 'roles', message: M.notStaffNotification });
    expect((await post(`templates/${incubator.id}/roles/`, { roles: ['owner'] })).statusCode).toBe(400);
    // Admins only; another community's template is not found.
    expect((await post(`templates/${incubator.id}/roles/`, { roles: [] }, editor)).statusCode).toBe(403);
    expect((await get('templates/roles/', editor)).statusCode).toBe(403);
    expect((await post(`templates/${incubator.id}/roles/`, { roles: [] }, owner, OTHER)).statusCode).toBe(
      404,
    );
  });
});

describe('email language', () => {
  it("is the member's language, else the community's default, else English", async () => {
    // The community's default: English until the owner chooses.
    expect(data<EmailSettings>((await get('settings/')).body).default_language).toBe('en');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/c/demo/api/v2/account/create/',
      payload: { username: 'giulia', email: 'giulia@example.org', password: STRONG, language: 'it-IT' },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    expect(await recipientLocale(t.db, demoId, ['Giulia@example.org'])).toBe('it');
    expect(await recipientLocale(t.db, demoId, ['stranger@example.org'])).toBe('en');

    const saved = await post('settings/', { default_language: 'it' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<EmailSettings>(saved.body)).toMatchObject({ default_language: 'it', updated_by: 'admin' });
    expect(await recipientLocale(t.db, demoId, ['stranger@example.org'])).toBe('it');
    // Another community keeps its own default.
    const otherId = (
      await t.db.selectFrom('stacks').select('id').where('slug', '=', 'other').executeTakeFirstOrThrow()
    ).id;
    expect(await recipientLocale(t.db, otherId, ['stranger@example.org'])).toBe('en');

    expect((await post('settings/', { default_language: 'fr' })).statusCode).toBe(400);
    expect((await post('settings/', { default_language: 'en' }, editor)).statusCode).toBe(403);
    await post('settings/', { default_language: 'en' });
  });

  it('sends an Italian member the Italian email', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/c/demo/api/v2/account/create/',
      payload: { username: 'marco', email: 'marco@example.org', password: STRONG, language: 'it' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const locale = await recipientLocale(t.db, demoId, ['marco@example.org']);
    const mail = await renderEmail(t.db, demoId, 'staff_role_removed', locale, {});
    expect(mail.subject).toMatch(/^Il tuo ruolo in /);
  });
});
