import { EMAIL_URL_OVERRIDES, INVALID_URLS_MESSAGE } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../platform/crypto/secret-box.ts';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { form, type SignedIn, setFlag, communityWithRoles } from '../../test-support/fixtures.ts';

const SECRET_KEY = 'dynamic-preferences-test-secret-key';
const BASE = '/c/demo/platform/api/v1';
const OTHER = '/c/other/platform/api/v1';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let demoId: number;
let otherId: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { AGORA_SECRET_KEY: SECRET_KEY } });
  ({ demoId, otherId, admin, editor, moderator } = await communityWithRoles(t, ADMIN_PASSWORD));
});
afterAll(() => t.close());

async function getList(names: string, who: SignedIn = admin, base = BASE) {
  return t.app.inject({
    method: 'GET',
    url: `${base}/dynamic_preference/get_list/?preferences_list=${encodeURIComponent(names)}`,
    headers: who.bearer,
  });
}

/** The values of some preferences as the API reads them, by name. */
async function values(names: string[], stackId = demoId): Promise<Record<string, unknown>> {
  const rows = await t.db
    .selectFrom('dynamic_preferences')
    .select(['name', 'value'])
    .where('stack_id', '=', stackId)
    .where('name', 'in', names)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

async function updateMulti(body: Record<string, unknown>, who: SignedIn = admin, base = BASE) {
  return t.app.inject({
    method: 'POST',
    url: `${base}/dynamic_preference/update_multi/`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function update(name: string, value: string, who: SignedIn = admin, base = BASE) {
  return t.app.inject({
    method: 'POST',
    url: `${base}/dynamic_preference/update/`,
    ...form({ name, value }, who.bearer),
  });
}

type Entry = { field?: string; code: string; message: string; messages: { message: string }[] };
const errorsOf = (body: string) => (JSON.parse(body) as { errors: Entry[] }).errors;

describe('GET dynamic_preference/get/', () => {
  it('reads one preference by name, or by section and name, with its default', async () => {
    const byName = await t.app.inject({
      method: 'GET',
      url: `${BASE}/dynamic_preference/get/?name=polls_enabled`,
      headers: admin.bearer,
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data).toMatchObject({ section: 'addons', name: 'polls_enabled', value: true });
    const bySection = await t.app.inject({
      method: 'GET',
      url: `${BASE}/dynamic_preference/get/?section=addons&name=incubator_subscribers`,
      headers: admin.bearer,
    });
    expect(bySection.json().data).toMatchObject({ name: 'incubator_subscribers', value: 50, type: 'int' });
  });

  it('refuses an unknown name, or a name in the wrong section', async () => {
    for (const query of ['name=no_such_thing', 'section=webmaster&name=polls_enabled']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${BASE}/dynamic_preference/get/?${query}`,
        headers: admin.bearer,
      });
      expect(res.statusCode, query).toBe(404);
    }
  });
});

describe('GET dynamic_preference/get_list/', () => {
  it('reads names joined by commas, section.name accepted, in the order asked', async () => {
    const res = await getList('configurations.follow_enabled,polls_enabled, webmaster.meta_robots');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { name: string; value: unknown }) => [p.name, p.value])).toEqual([
      ['follow_enabled', false],
      ['polls_enabled', true],
      ['meta_robots', 'index, follow'],
    ]);
  });

  it('refuses the whole list when one name is unknown', async () => {
    const res = await getList('polls_enabled,not_a_preference');
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)).toEqual([
      expect.objectContaining({ field: 'preferences_list', code: 'invalid' }),
    ]);
    expect((await getList('addons.follow_enabled')).statusCode).toBe(400);
  });

  it('reads booleans as true or false, anything else as null, and never the JWT key', async () => {
    await t.db
      .insertInto('dynamic_preferences')
      .values({
        stack_id: demoId,
        name: 'affinity_enabled',
        section: 'addons',
        value: 'yes',
        updated_at: new Date(),
      })
      .execute();
    expect((await update('closed_community', 'True')).json().data.value).toBe(true);
    expect((await update('registration_wizard', '0')).json().data.value).toBe(false);
    const res = await getList('affinity_enabled,closed_community,registration_wizard,jwt_secret_key');
    expect(res.json().data.map((p: { value: unknown }) => p.value)).toEqual([null, true, false, null]);
    expect(await values(['closed_community', 'registration_wizard'])).toEqual({
      closed_community: 'true',
      registration_wizard: 'false',
    });
    expect((await update('closed_community', 'maybe')).statusCode).toBe(400);
    expect((await values(['closed_community'])).closed_community).toBe('true');
  });
});

describe('POST dynamic_preference/update/ and update_multi/', () => {
  it('changes one preference (form body) and answers it typed', async () => {
    const res = await update('application_slogan1', '  Together we grow  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'application_slogan1', value: 'Together we grow' });
    expect((await values(['application_slogan1'])).application_slogan1).toBe('Together we grow');
  });

  it('changes several at once, keyed by name', async () => {
    const res = await updateMulti({
      polls_enabled: false,
      comments_enabled: 'false',
      colorprimary: '#AABBCC',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.polls_enabled.value).toBe(false);
    expect(data.comments_enabled.value).toBe(false);
    expect(data.colorprimary.value).toBe('#aabbcc');
  });

  it('is all or nothing: one bad value refuses every value, naming the field', async () => {
    const before = await values(['application_slogan2', 'colorsecondary']);
    const res = await updateMulti({ application_slogan2: 'fine', colorsecondary: 'teal' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)).toEqual([
      expect.objectContaining({
        field: 'colorsecondary',
        code: 'invalid_color',
        message: 'Enter a colour as #rrggbb.',
      }),
    ]);
    expect(await values(['application_slogan2', 'colorsecondary'])).toEqual(before);
  });

  it('refuses an unknown name in update_multi and changes nothing', async () => {
    const res = await updateMulti({ people_search_enabled: false, not_a_preference: 'x' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ field: 'not_a_preference', code: 'invalid' });
    expect(await values(['people_search_enabled'])).toEqual({});
    expect((await update('not_a_preference', 'x')).statusCode).toBe(404);
  });

  it('clamps the incubator subscribers between 10 and 1200', async () => {
    expect((await update('incubator_subscribers', '5')).json().data.value).toBe(10);
    expect((await values(['incubator_subscribers'])).incubator_subscribers).toBe('10');
    expect((await updateMulti({ incubator_subscribers: 5000 })).json().data.incubator_subscribers.value).toBe(
      1200,
    );
    expect((await update('incubator_subscribers', '300')).json().data.value).toBe(300);
    expect((await update('incubator_subscribers', 'many')).statusCode).toBe(400);
  });

  it('refuses a slogan over 300 characters', async () => {
    const ok = await update('application_slogan1', 'x'.repeat(300));
    expect(ok.statusCode).toBe(200);
    const res = await update('application_slogan1', 'y'.repeat(301));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({
      field: 'application_slogan1',
      code: 'max_length',
      message: 'Ensure this field has no more than 300 characters.',
    });
    expect((await values(['application_slogan1'])).application_slogan1).toBe('x'.repeat(300));
  });

  it('checks the colour format', async () => {
    for (const bad of ['3d9999', '#3d99', '#gggggg', 'rgb(0,0,0)']) {
      const res = await update('colorback', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorsOf(res.body)[0]?.code).toBe('invalid_color');
    }
    expect((await update('colorback', '#FFF')).json().data.value).toBe('#fff');
  });

  it('refuses unsafe HTML in the GDPR fields and keeps safe HTML', async () => {
    const safe = '<p>I accept the <a href="https://example.com/privacy">privacy policy</a></p>';
    expect((await update('gdpr_signup_accept_html', safe)).statusCode).toBe(200);
    for (const bad of [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:x">a</a>',
    ]) {
      const res = await update('gdpr_signup_accept_html', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorsOf(res.body)[0]?.code).toBe('unsafe_html');
    }
    expect((await values(['gdpr_signup_accept_html'])).gdpr_signup_accept_html).toBe(safe);
  });

  it('does not let staff write images, the JWT key or the plan directly', async () => {
    expect((await update('navbar_logo', 'https://evil.test/logo.png')).statusCode).toBe(400);
    expect((await update('jwt_secret_key', 'mine')).statusCode).toBe(400);
    const plan = await update('subscription_tier', 'ENTERPRISE');
    expect(plan.statusCode).toBe(400);
    expect(await values(['navbar_logo', 'jwt_secret_key', 'subscription_tier'])).toEqual({});
  });
});

describe('URL templates and e-mail URL overrides (spec core §3, §5)', () => {
  it('has the 18 overrides', () => {
    expect(EMAIL_URL_OVERRIDES).toHaveLength(18);
  });

  it('needs {id} in the links to contents', async () => {
    for (const name of [
      'discussion',
      'post',
      'status',
      'comment',
      'category',
      'incubator',
      'private_message',
    ]) {
      const res = await update(`url_template_${name}`, `https://community.example.com/${name}/`);
      expect(res.statusCode, name).toBe(400);
      expect(errorsOf(res.body)[0], name).toMatchObject({
        field: `url_template_${name}`,
        code: 'url_placeholder',
        message: 'Url not valid. It must contains {id}.',
      });
      const ok = await update(`url_template_${name}`, `https://community.example.com/${name}/{id}/{slug}`);
      expect(ok.statusCode, name).toBe(200);
    }
  });

  it('needs an absolute address', async () => {
    for (const bad of ['/post/{id}', 'community.example.com/post/{id}', 'ftp://example.com/{id}']) {
      const res = await update('url_template_post', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorsOf(res.body)[0]).toMatchObject({
        code: 'invalid_url',
        message: 'This input is not a valid url',
      });
    }
  });

  it('accepts {id} or {ext_id} for a profile, and {validation_code} to verify an e-mail', async () => {
    expect((await update('url_template_profile', 'https://c.example.com/u/{ext_id}')).statusCode).toBe(200);
    expect((await update('url_template_profile', 'https://c.example.com/u/{id}')).statusCode).toBe(200);
    const profile = await update('url_template_profile', 'https://c.example.com/u/{username}');
    expect(errorsOf(profile.body)[0]?.message).toBe('Url not valid. It must contains {id} or {ext_id}.');
    const verify = await update('url_template_verify_email', 'https://c.example.com/verify/{id}');
    expect(errorsOf(verify.body)[0]?.message).toBe('Url not valid. It must contains {validation_code}.');
    expect(
      (await update('url_template_verify_email', 'https://c.example.com/verify/{validation_code}'))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an unknown placeholder, and needs an allowed one in a URL template', async () => {
    const unknown = await update('url_template_post', 'https://c.example.com/p/{id}/{nope}');
    expect(unknown.statusCode).toBe(400);
    const none = await update('url_template_live_stream', 'https://c.example.com/live/');
    expect(errorsOf(none.body)[0]?.message).toBe('Url not valid. It must contains {id} or {slug}.');
    expect((await update('url_template_live_stream', 'https://c.example.com/live/{slug}')).statusCode).toBe(
      200,
    );
    expect((await update('url_template_signup', 'https://c.example.com/signup')).statusCode).toBe(400);
    expect(
      (await update('url_template_signup', 'https://c.example.com/signup?e={email_token}')).statusCode,
    ).toBe(200);
  });

  it('blocks the whole save with the general message when one URL is bad, writing nothing', async () => {
    await update('url_template_status', 'https://c.example.com/status/{id}');
    const before = await values(['url_template_status', 'url_template_comment', 'polls_enabled']);
    const res = await updateMulti({
      url_template_status: 'https://c.example.com/s/{id}/new',
      url_template_comment: 'https://c.example.com/comment/',
      polls_enabled: true,
    });
    expect(res.statusCode).toBe(400);
    const errors = errorsOf(res.body);
    expect(errors[0]).toEqual({
      code: 'invalid_urls',
      message: INVALID_URLS_MESSAGE,
      messages: [
        { code: 'invalid_urls', message: 'Some urls are not valid. Fix the problems and then save.' },
      ],
    });
    expect(errors[1]).toMatchObject({
      field: 'url_template_comment',
      message: 'Url not valid. It must contains {id}.',
    });
    expect(await values(['url_template_status', 'url_template_comment', 'polls_enabled'])).toEqual(before);
  });

  it('clears an override with an empty value', async () => {
    await update('url_template_category', 'https://c.example.com/c/{id}');
    const res = await update('url_template_category', '');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.value).toBe('');
  });
});

describe('POST configuration/jwt/refresh_secret/', () => {
  it('answers a new key each time, once, and keeps it sealed', async () => {
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/configuration/jwt/refresh_secret/`,
        headers: admin.bearer,
      });
    const first = await call();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { jwt_secret_key: key1, jwt_algorithm } = first.json().data;
    expect(jwt_algorithm).toBe('HS256');
    expect(key1.length).toBeGreaterThanOrEqual(32);
    const key2 = (await call()).json().data.jwt_secret_key;
    expect(key2).not.toBe(key1);

    const rows = await t.db.selectFrom('stack_secrets').selectAll().where('stack_id', '=', demoId).execute();
    expect(rows).toHaveLength(1);
    const sealed = rows[0]?.sealed ?? '';
    expect(sealed).not.toContain(key2);
    expect(sealed).not.toContain(key1);
    expect(createSecretBox(SECRET_KEY).open(sealed)).toBe(key2);
    const stored = await t.db
      .selectFrom('dynamic_preferences')
      .select('value')
      .where('stack_id', '=', demoId)
      .execute();
    expect(stored.map((row) => row.value)).not.toContain(key2);
    // Reading the preference never gives the key back.
    expect(
      (await getList('addons.jwt_secret_key,jwt_algorithm'))
        .json()
        .data.map((p: { value: unknown }) => p.value),
    ).toEqual([null, 'HS256']);
  });
});

describe('who may read and write', () => {
  it('lets a moderator read but not write (403, nothing written)', async () => {
    for (const who of [moderator]) {
      expect((await getList('polls_enabled,meta_robots', who)).statusCode).toBe(200);
      const before = await values(['application_copyright']);
      const one = await update('application_copyright', 'Mine', who);
      expect(one.statusCode).toBe(403);
      expect(errorsOf(one.body)[0]?.code).toBe('permission_denied');
      expect((await updateMulti({ application_copyright: 'Mine' }, who)).statusCode).toBe(403);
      const jwt = await t.app.inject({
        method: 'POST',
        url: `${BASE}/configuration/jwt/refresh_secret/`,
        headers: who.bearer,
      });
      expect(jwt.statusCode).toBe(403);
      expect(await values(['application_copyright'])).toEqual(before);
    }
  });

  // Spec mgmt §6: the editor has the content and marketing functions (theme, content settings,
  // community management), not the integrations' keys, the app settings or the registrations.
  it("lets an editor write the theme's, content settings' and community management's preferences only", async () => {
    expect((await getList('polls_enabled,meta_robots', editor)).statusCode).toBe(200);
    const written = await updateMulti(
      { application_copyright: 'By the editor', polls_enabled: false, meta_description: 'About us' },
      editor,
    );
    expect(written.statusCode, written.body).toBe(200);
    expect((await update('closed_community', 'true', editor)).statusCode).toBe(200);
    const before = await values(['google_geocoding_api_key', 'application_slogan1']);
    for (const name of ['google_geocoding_api_key', 'share_post_on_facebook_enabled', 'registration_mode']) {
      const one = await update(name, name === 'registration_mode' ? 'invitation_only' : 'true', editor);
      expect(one.statusCode, name).toBe(403);
      expect(errorsOf(one.body)[0]?.code).toBe('permission_denied');
    }
    // One refused name refuses the whole write.
    const mixed = await updateMulti({ application_slogan1: 'Hi', google_geocoding_api_key: 'k' }, editor);
    expect(mixed.statusCode).toBe(403);
    expect(await values(['google_geocoding_api_key', 'application_slogan1'])).toEqual(before);
    const jwt = await t.app.inject({
      method: 'POST',
      url: `${BASE}/configuration/jwt/refresh_secret/`,
      headers: editor.bearer,
    });
    expect(jwt.statusCode).toBe(403);
  });

  it("hides another community's settings (404) and writes nothing there", async () => {
    expect((await getList('polls_enabled', admin, OTHER)).statusCode).toBe(404);
    expect((await update('polls_enabled', 'false', admin, OTHER)).statusCode).toBe(404);
    expect((await updateMulti({ polls_enabled: false }, admin, OTHER)).statusCode).toBe(404);
    const jwt = await t.app.inject({
      method: 'POST',
      url: `${OTHER}/configuration/jwt/refresh_secret/`,
      headers: admin.bearer,
    });
    expect(jwt.statusCode).toBe(404);
    expect(await values(['polls_enabled'], otherId)).toEqual({});
    expect(
      await t.db.selectFrom('stack_secrets').select('name').where('stack_id', '=', otherId).execute(),
    ).toEqual([]);
  });

  it('refuses a call without a token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/dynamic_preference/get_list/?preferences_list=polls_enabled`,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('preferences of a switched-off feature', () => {
  const cases: [flag: string, values: Record<string, string>][] = [
    ['seo', { meta_robots: 'noindex' }],
    ['stream_settings', { home_stream_order_by: 'relevance', explore_stream_connection_boost: 'high' }],
    ['google_cloud_api', { google_geocoding_api_key: 'AIza-test', tag_manager_container_id: 'GTM-ABC123' }],
    ['social_share', { share_post_on_facebook_enabled: 'false' }],
  ];

  for (const [flag, body] of cases) {
    it(`refuses writes while '${flag}' is off (403 feature_disabled), then accepts them again`, async () => {
      const names = Object.keys(body);
      await setFlag(t, admin, demoId, flag, false);
      try {
        const before = await values(names);
        const multi = await updateMulti(body);
        expect(multi.statusCode, multi.body).toBe(403);
        expect(errorsOf(multi.body)[0]?.code).toBe('feature_disabled');
        const [name, value] = Object.entries(body)[0] as [string, string];
        const one = await update(name, value);
        expect(one.statusCode, one.body).toBe(403);
        expect(errorsOf(one.body)[0]?.code).toBe('feature_disabled');
        // Mixed with preferences of no feature: still all or nothing.
        const mixed = await updateMulti({ ...body, polls_enabled: 'true' });
        expect(mixed.statusCode).toBe(403);
        expect(await values(names)).toEqual(before);
        // Reading stays allowed.
        expect((await getList(names.join(','))).statusCode).toBe(200);
      } finally {
        await setFlag(t, admin, demoId, flag, true);
      }
      const res = await updateMulti(body);
      expect(res.statusCode, res.body).toBe(200);
    });
  }
});
