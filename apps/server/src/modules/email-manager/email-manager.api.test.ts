import {
  EMAIL_MANAGER_MESSAGES as M,
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateList,
  type EmailTheme,
  type EmailThemeList,
  type EmailVars,
} from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type SignedIn, communityWithRoles, errorsOf } from '../../test-support/fixtures.ts';
import { renderEmail, renderCustomEmail } from './email-manager.service.ts';
import { SHIPPED_THEME_HTML } from './email-defaults.ts';

const BASE = '/c/demo/platform/api/v1/email_manager';
const OTHER = '/c/other/platform/api/v1/email_manager';

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

async function templates(query = ''): Promise<EmailTemplateList> {
  const res = await get(`templates/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return data<EmailTemplateList>(res.body);
}
async function templateOf(key: string): Promise<EmailTemplate> {
  const found = (await templates('?limit=100')).results.find((r) => r.key === key);
  if (!found) throw new Error(`no template ${key}`);
  return found;
}
async function themes(): Promise<EmailThemeList> {
  return data<EmailThemeList>((await get('themes/')).body);
}

describe('email manager: templates', () => {
  it('lists a template for every product email, paged, and the shipped default theme', async () => {
    const all = await templates('?limit=100');
    expect(all.results.map((r) => r.key)).toEqual(
      expect.arrayContaining(['registration_approved', 'test_email', 'invitation', 'export_ready']),
    );
    expect(all.results.every((r) => r.is_system && r.active)).toBe(true);
    const page = await templates('?limit=2&offset=2');
    expect(page.count).toBe(all.count);
    expect(page.results.map((r) => r.id)).toEqual(all.results.slice(2, 4).map((r) => r.id));
    // Listing again creates nothing twice.
    expect((await templates('?limit=100')).count).toBe(all.count);
    const list = await themes();
    expect(list.results).toEqual([
      expect.objectContaining({ name: 'Default', is_default: true, is_shipped: true }),
    ]);
  });

  it('answers the variables each template may use', async () => {
    const vars = data<EmailVars>((await get('templates/vars/')).body);
    expect(vars.keys.find((k) => k.key === 'invitation')?.vars).toEqual([
      'community_name',
      'name',
      'code',
      'signup_url',
    ]);
    expect(vars.theme).toContain('content');
  });

  it('saves an edit that renders, records the editor, and the product email uses it', async () => {
    const tpl = await templateOf('registration_approved');
    const res = await post(`templates/${tpl.id}/update/`, {
      subject: { it: 'Benvenuto {{username}} in {{community_name}}!' },
      html: { it: '<p>Ciao <b>{{username}}</b>, entra: {{sign_in_url}}</p>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<EmailTemplate>(res.body)).toMatchObject({
      updated_by: 'admin',
      subject: { en: tpl.subject.en },
    });
    const mail = await renderEmail(t.db, demoId, 'registration_approved', 'it', {
      username: '<Zoe & co>',
      sign_in_url: 'http://agora.test',
    });
    expect(mail.subject).toBe('Benvenuto <Zoe & co> in Demo!');
    expect(mail.html).toContain('Ciao <b>&lt;Zoe &amp; co&gt;</b>');
    expect(mail.text).toContain('Ciao <Zoe & co>, entra: http://agora.test');
    // English still reads the shipped text.
    const en = await renderEmail(t.db, demoId, 'registration_approved', 'en', {
      username: 'zoe',
      sign_in_url: 'x',
    });
    expect(en.subject).toBe('Your registration to Demo has been approved');
  });

  it('refuses at save a template that does not parse, names an unknown variable, or escapes the engine', async () => {
    const tpl = await templateOf('test_email');
    const cases: [unknown, string, string][] = [
      [{ html: { en: '<p>{{#community_name}}open</p>' } }, 'html.en', 'The template cannot be read'],
      [
        { subject: { it: 'Ciao {{password}}' } },
        'subject.it',
        M.unknownVariable.replace('{name}', 'password'),
      ],
      [{ html: { en: '{{{community_name}}}' } }, 'html.en', M.tripleStache],
      // A partial names one of the template's own sections only (ADR 0030).
      [{ html: { en: '{{> header}}' } }, 'html.en', M.unknownSection.replace('{name}', 'header')],
      [{ html: { en: '{{=<% %>=}}' } }, 'html.en', M.partial],
      [{ name: ' ' }, 'name', M.required],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(`templates/${tpl.id}/update/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorsOf(res.body)[0]).toMatchObject({ field });
      expect(errorsOf(res.body)[0]?.message).toContain(message);
    }
    expect(await templateOf('test_email')).toMatchObject({ html: tpl.html, subject: tpl.subject });
  });

  it('falls back to the shipped default when a stored template fails at send time', async () => {
    const tpl = await templateOf('test_email');
    // A row that a later release no longer accepts (say a variable was withdrawn): written directly.
    await t.db
      .updateTable('email_templates')
      .set({ html_en: '<p>{{withdrawn}}</p>', subject_en: '{{#broken}}' })
      .where('id', '=', tpl.id)
      .execute();
    const mail = await renderEmail(t.db, demoId, 'test_email', 'en', {});
    expect(mail.subject).toBe('Test email from Demo');
    expect(mail.text).toContain('This is a test email sent from the Demo console');
    // Restoring the defaults puts the shipped text back in the row.
    const restored = await post(`templates/${tpl.id}/defaults/`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(data<EmailTemplate>(restored.body).html.en).toContain('This is a test email');
  });

  it('sends the shipped default while a template is inactive', async () => {
    const tpl = await templateOf('staff_role_removed');
    await post(`templates/${tpl.id}/update/`, {
      subject: { en: 'Bye from {{community_name}}' },
      active: false,
    });
    expect((await renderEmail(t.db, demoId, 'staff_role_removed', 'en', {})).subject).toBe(
      'Your role in Demo',
    );
    await post(`templates/${tpl.id}/update/`, { active: true });
    expect((await renderEmail(t.db, demoId, 'staff_role_removed', 'en', {})).subject).toBe('Bye from Demo');
  });

  it('adds and deletes a custom template; a product email cannot be deleted', async () => {
    const added = await post('templates/add/', {
      name: 'Monthly digest',
      type: 'data_provisioning',
      subject: { en: 'Your month in {{community_name}}', it: 'Il tuo mese in {{community_name}}' },
      html: { en: '<p>Hi {{username}}</p>', it: '<p>Ciao {{username}}</p>' },
      footer_links: [{ label: 'Help', url: 'https://help.example.com/' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const custom = data<EmailTemplate>(added.body);
    expect(custom).toMatchObject({ key: null, is_system: false, type: 'data_provisioning' });

    const missing = await post('templates/add/', { name: 'No body' });
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing.body).map((e) => e.field)).toEqual(
      expect.arrayContaining(['subject.en', 'subject.it', 'html.en', 'html.it']),
    );
    const badLink = await post(`templates/${custom.id}/update/`, {
      footer_links: [{ label: 'x', url: 'javascript:alert(1)' }],
    });
    expect(errorsOf(badLink.body)[0]).toMatchObject({ field: 'footer_links', message: M.invalidUrl });

    const system = await templateOf('test_email');
    const refused = await post(`templates/${system.id}/delete/`, {});
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused.body)[0]?.message).toBe(M.templateDeleteError);

    expect((await post(`templates/${custom.id}/delete/`, {})).statusCode).toBe(200);
    expect((await get(`templates/${custom.id}/`)).statusCode).toBe(404);
  });

  it('previews with sample values, and a broken draft answers its reason', async () => {
    const ok = await post('preview/', {
      key: 'invitation',
      subject: 'Join {{community_name}}',
      html: '<p>{{code}}</p>',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(data<EmailPreview>(ok.body)).toMatchObject({ subject: 'Join Demo' });
    expect(data<EmailPreview>(ok.body).html).toContain('<p>[code]</p>');
    const bad = await post('preview/', { key: 'invitation', subject: 'x', html: '<p>{{nope}}</p>' });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.body)[0]?.message).toBe('Unknown variable: nope');
  });

  it('renders a staff-written email in the default theme and refuses one that does not render', async () => {
    const mail = await renderCustomEmail(
      t.db,
      demoId,
      { subject: 'Hi {{username}}', html: '<p>News</p>' },
      { username: 'zoe' },
    );
    expect(mail).toMatchObject({ subject: 'Hi zoe' });
    expect(mail.html).toContain('<p>News</p>');
    await expect(
      renderCustomEmail(t.db, demoId, { subject: 'x', html: '{{secret}}' }, {}),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('email manager: themes', () => {
  it('refuses a theme without the content slot or with an unknown variable', async () => {
    for (const [html, message] of [
      ['<html><body>no slot</body></html>', M.noContentSlot],
      ['<div>{{{content}}}{{{content}}}</div>', M.noContentSlot],
      ['<div>{{{content}}} {{token}}</div>', 'Unknown variable: token'],
      ['<div>{{{subject}}}</div>', M.tripleStache],
    ]) {
      const res = await post('themes/add/', { name: 'Broken', html });
      expect(res.statusCode, html).toBe(400);
      expect(errorsOf(res.body)[0]).toMatchObject({ field: 'html', message });
    }
  });

  it('assigns a theme, keeps one default, and refuses to delete a theme in use or the default', async () => {
    const res = await post('themes/add/', {
      name: 'Dark',
      html: '<div style="background:#000;color:#fff"><h1>{{community_name}}</h1>{{{content}}}</div>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const dark = data<EmailTheme>(res.body);
    const tpl = await templateOf('incubator_ready');
    const assigned = await post(`templates/${tpl.id}/set_theme/`, { theme: dark.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(data<EmailTemplate>(assigned.body).theme).toBe(dark.id);
    const mail = await renderEmail(t.db, demoId, 'incubator_ready', 'en', {
      proposal: 'Gardening',
      subscribers: 5,
      threshold: 5,
      incubator_url: 'http://agora.test/categories/incubator',
    });
    expect(mail.html).toContain('<h1>Demo</h1>');

    const inUse = await post(`themes/${dark.id}/delete/`, {});
    expect(inUse.statusCode).toBe(409);
    expect(errorsOf(inUse.body)[0]?.message).toBe(M.themeDeleteError);

    const unknownTheme = await post(`templates/${tpl.id}/set_theme/`, { theme: 999999 });
    expect(errorsOf(unknownTheme.body)[0]?.message).toBe(M.themeAssignError);

    const shipped = (await themes()).results.find((x) => x.is_shipped)!;
    expect((await post(`themes/${dark.id}/set_default/`, {})).statusCode).toBe(200);
    const after = await themes();
    expect(after.results.filter((x) => x.is_default).map((x) => x.id)).toEqual([dark.id]);
    const defaultRefused = await post(`themes/${dark.id}/delete/`, {});
    expect(errorsOf(defaultRefused.body)[0]?.message).toBe(M.defaultThemeDeleteError);

    // Back to the shipped default; the template back to the default theme; now Dark can go.
    expect((await post(`themes/${shipped.id}/set_default/`, {})).statusCode).toBe(200);
    await post(`templates/${tpl.id}/set_theme/`, { theme: null });
    expect((await post(`themes/${dark.id}/delete/`, {})).statusCode).toBe(200);
  });

  it('restores the shipped theme, and a broken stored theme never stops a send', async () => {
    const shipped = (await themes()).results.find((x) => x.is_shipped)!;
    await t.db
      .updateTable('email_themes')
      .set({ html: '<p>{{#x}}</p>' })
      .where('id', '=', shipped.id)
      .execute();
    const mail = await renderEmail(t.db, demoId, 'test_email', 'en', {});
    expect(mail.html).toContain('This is a test email');
    const restored = await post(`themes/${shipped.id}/defaults/`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(data<EmailTheme>(restored.body).html).toBe(SHIPPED_THEME_HTML);
  });
});

describe('email manager: who may use it', () => {
  it('is the admin area: an editor is refused, another community answers 404', async () => {
    expect((await get('templates/', editor)).statusCode).toBe(403);
    const tpl = await templateOf('test_email');
    // The other community's admin reaches the demo's template neither through the demo nor their own.
    expect((await get(`templates/${tpl.id}/`, owner)).statusCode).toBe(404);
    expect((await get(`templates/${tpl.id}/`, owner, OTHER)).statusCode).toBe(404);
    expect((await post(`templates/${tpl.id}/update/`, { name: 'Mine' }, owner, OTHER)).statusCode).toBe(404);
    const theirs = data<EmailThemeList>((await get('themes/', owner, OTHER)).body).results[0]!;
    expect((await post(`templates/${tpl.id}/set_theme/`, { theme: theirs.id })).statusCode).toBe(400);
  });
});
