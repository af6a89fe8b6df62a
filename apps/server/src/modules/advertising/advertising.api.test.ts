import sharp from 'sharp';
import {
  ADVERTISING_MESSAGES as M,
  AdvertisingErrorCode,
  ImageErrorCode,
  type AdvertisingSettings,
  type CustomAd,
  type MemberCustomAd,
} from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityWithRoles,
  createMember,
  errorsOf,
  memberSignIn,
} from '../../test-support/fixtures.ts';
import '../domain-settings/domain-settings.tables.ts';

const BASE = '/c/demo/platform/api/v1/advertising';
const OTHER = '/c/other/platform/api/v1/advertising';
const V2 = '/c/demo/api/v2';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;
let member: SignedIn;
let demoId: number;
let png: Buffer;
let categoryId: number;
let otherCategoryId: number;

const BOUNDARY = 'adboundary';
function multipart(fields: Record<string, string>, image?: Buffer) {
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (image) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="ad.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      image,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${BOUNDARY}` };
}

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
const v2 = (path: string, who?: SignedIn) =>
  t.app.inject({ method: 'GET', url: `${V2}${path}`, headers: who ? who.bearer : {} });
type Page = { count: number; next: string | null; previous: string | null; results: MemberCustomAd[] };
const titles = (body: string) => (JSON.parse(body) as Page).results.map((a) => a.title);

async function addAd(fields: Record<string, string>, image?: Buffer, who: SignedIn = admin, base = BASE) {
  const { payload, type } = multipart({ title: 'Ad', position: 'IN_STREAM', ...fields }, image);
  return t.app.inject({
    method: 'POST',
    url: `${base}/custom_ads/add/`,
    headers: { ...who.bearer, 'content-type': type },
    payload,
  });
}
async function ad(fields: Record<string, string>, image?: Buffer): Promise<CustomAd> {
  const res = await addAd(fields, image);
  expect(res.statusCode, res.body).toBe(200);
  return data<CustomAd>(res.body);
}
const settings = async (body: unknown, who: SignedIn = admin) => post('settings/update/', body, who);

async function consoleCategory(name: string, base = '/c/demo'): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/platform/api/v1/categories/add/`,
    headers: { ...(base === '/c/demo' ? admin : owner).bearer, 'content-type': 'application/json' },
    payload: JSON.stringify({ name }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return data<{ id: number }>(res.body).id;
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, editor, moderator, owner, demoId } = await communityWithRoles(t, ADMIN_PASSWORD));
  await createMember(t.db, demoId, 'reader', 'reader-password-1');
  member = await memberSignIn(t.app, t.db, 'demo', 'reader', 'reader-password-1');
  png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffcc00' } })
    .png()
    .toBuffer();
  categoryId = await consoleCategory('Cycling');
  otherCategoryId = await consoleCategory('Elsewhere', '/c/other');
});
afterAll(() => t.close());

describe('advertising: who may use it', () => {
  it('is the admin’s: editors and moderators are refused, another community’s admin finds nothing', async () => {
    expect((await get('settings/')).statusCode).toBe(200);
    for (const who of [editor, moderator]) {
      expect((await get('settings/', who)).statusCode).toBe(403);
      expect((await get('custom_ads/', who)).statusCode).toBe(403);
      expect((await settings({ system: 'custom' }, who)).statusCode).toBe(403);
      expect((await addAd({}, png, who)).statusCode).toBe(403);
    }
    expect((await get('settings/', owner)).statusCode).toBe(404);
    expect((await addAd({}, png, owner)).statusCode).toBe(404);
  });
});

describe('advertising: one system at a time', () => {
  it('starts with none, refuses AdSense without its verification code or a custom domain', async () => {
    const initial = data<AdvertisingSettings>((await get('settings/')).body);
    expect(initial).toMatchObject({
      system: 'none',
      custom_domain: null,
      adsense: { audience: 'all', mode: 'auto' },
    });
    expect(Object.keys(initial.adsense.codes)).toHaveLength(8);

    const empty = await settings({ adsense: { verification_code: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty.body)).toEqual([
      expect.objectContaining({ field: 'verification_code', message: M.verificationRequired }),
    ]);

    const saved = await settings({
      adsense: {
        verification_code: 'ca-pub-123',
        audience: 'anonymous',
        mode: 'manual',
        codes: { IN_STREAM: '<ins>feed</ins>' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<AdvertisingSettings>(saved.body).adsense).toMatchObject({
      verification_code: 'ca-pub-123',
      audience: 'anonymous',
      mode: 'manual',
      codes: { IN_STREAM: '<ins>feed</ins>', BELOW_TOPBAR: '' },
    });

    const noDomain = await settings({ system: 'adsense' });
    expect(noDomain.statusCode).toBe(400);
    expect(errorsOf(noDomain.body)).toEqual([
      expect.objectContaining({
        code: AdvertisingErrorCode.adsenseNeedsDomain,
        message: M.adsenseNeedsDomain,
      }),
    ]);
  });

  it('switching turns the other system off, and members read the switches as dynamic preferences', async () => {
    await t.db
      .insertInto('stack_domains')
      .values({ stack_id: demoId, domain: 'ads.example.org', updated_at: new Date() })
      .execute();
    const adsense = await settings({ system: 'adsense' });
    expect(adsense.statusCode, adsense.body).toBe(200);
    expect(data<AdvertisingSettings>(adsense.body)).toMatchObject({
      system: 'adsense',
      custom_domain: 'ads.example.org',
    });

    const custom = await settings({ system: 'custom' });
    expect(data<AdvertisingSettings>(custom.body).system).toBe('custom');
    const prefs = await v2('/dynamic_preference/?section=advertising&limit=50', member);
    expect(prefs.statusCode, prefs.body).toBe(200);
    const byName = Object.fromEntries(
      (prefs.json() as { results: { name: string; value: unknown }[] }).results.map((p) => [p.name, p.value]),
    );
    expect(byName).toMatchObject({
      custom_adv_enabled: true,
      ads_enabled: false,
      ads_verification_code: 'ca-pub-123',
    });

    // The preferences are the advertising area's: the generic write refuses them, so both never go on.
    const direct = await t.app.inject({
      method: 'POST',
      url: '/c/demo/platform/api/v1/dynamic_preference/update/',
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'ads_enabled', value: 'true' }),
    });
    expect(direct.statusCode).toBeGreaterThanOrEqual(400);
    expect(direct.statusCode).toBeLessThan(500);
    expect(data<AdvertisingSettings>((await get('settings/')).body).system).toBe('custom');
  });
});

describe('advertising: custom ads', () => {
  it('adds an image ad (content-checked, served publicly) and an embed ad; lists them newest first', async () => {
    const image = await ad(
      { title: 'Bikes', link: 'https://shop.example/bikes', position: 'BELOW_TOPBAR' },
      png,
    );
    expect(image).toMatchObject({
      title: 'Bikes',
      position: 'BELOW_TOPBAR',
      active: true,
      category: null,
      embed_code: '',
    });
    expect(image.created_by).toMatchObject({ username: 'admin' });
    const served = await t.app.inject({ method: 'GET', url: new URL(image.image).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const embed = await ad({
      title: 'Video',
      embed_code: '<div>sponsor</div>',
      category: String(categoryId),
    });
    expect(embed).toMatchObject({ image: '', category: { id: categoryId, name: 'Cycling' } });
    const list = data<{ count: number; results: CustomAd[] }>((await get('custom_ads/?limit=1')).body);
    expect(list.count).toBeGreaterThanOrEqual(2);
    expect(list.results.map((a) => a.title)).toEqual(['Video']);
    const top = data<{ results: CustomAd[] }>((await get('custom_ads/?position=BELOW_TOPBAR')).body);
    expect(top.results.map((a) => a.title)).toEqual(['Bikes']);
  });

  it('refuses every bad field at once, a missing or double code, and a large or fake image', async () => {
    const bad = await addAd({
      title: ' ',
      link: 'javascript:alert(1)',
      position: 'SIDEWAYS',
      category: String(otherCategoryId),
    });
    expect(bad.statusCode).toBe(400);
    expect(
      errorsOf(bad.body)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['category', 'embed_code', 'link', 'position', 'title']);
    const both = await addAd({ embed_code: '<b>x</b>' }, png);
    expect(errorsOf(both.body)).toEqual([expect.objectContaining({ field: 'embed_code', message: M.code })]);

    const fake = await addAd(
      {},
      Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n'), Buffer.from('not an image at all')]),
    );
    expect(fake.statusCode).toBe(400);
    expect(errorsOf(fake.body)).toEqual([
      expect.objectContaining({ code: ImageErrorCode.invalidFormat, field: 'image' }),
    ]);
    const large = await sharp({
      create: {
        width: 800,
        height: 800,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 90 },
      },
    })
      .png()
      .toBuffer();
    expect(large.length).toBeGreaterThan(1024 * 1024);
    expect(large.length).toBeLessThan(5 * 1024 * 1024);
    const tooLarge = await addAd({}, large);
    expect(tooLarge.statusCode).toBe(400);
    expect(errorsOf(tooLarge.body)).toEqual([
      expect.objectContaining({ code: ImageErrorCode.tooLarge, message: M.imageTooLarge }),
    ]);
  });

  it('updates an ad: a switch to an embed code drops the image files; deleting it makes it gone', async () => {
    const created = await ad({ title: 'Swap me' }, png);
    const other = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0055ff' } })
      .png()
      .toBuffer();
    const withOther = await t.app.inject({
      method: 'POST',
      url: `${BASE}/custom_ads/${created.id}/update/`,
      headers: { ...admin.bearer, 'content-type': multipart({}, other).type },
      payload: multipart({ title: 'Swapped', active: 'false' }, other).payload,
    });
    expect(withOther.statusCode, withOther.body).toBe(200);
    const swapped = data<CustomAd>(withOther.body);
    expect(swapped).toMatchObject({ title: 'Swapped', active: false });
    expect(swapped.image).not.toBe(created.image);

    const toEmbed = await post(`custom_ads/${created.id}/update/`, {
      remove_image: true,
      embed_code: '<p>now</p>',
    });
    expect(toEmbed.statusCode, toEmbed.body).toBe(200);
    expect(data<CustomAd>(toEmbed.body)).toMatchObject({ image: '', embed_code: '<p>now</p>' });
    expect((await t.app.inject({ method: 'GET', url: new URL(swapped.image).pathname })).statusCode).toBe(
      404,
    );

    expect((await post(`custom_ads/${created.id}/delete/`, {}, admin, OTHER)).statusCode).toBe(404);
    const removed = await post(`custom_ads/${created.id}/delete/`, {});
    expect(data(removed.body)).toEqual({ id: created.id, deleted: true });
    expect((await post(`custom_ads/${created.id}/delete/`, {})).statusCode).toBe(404);
    expect((await post(`custom_ads/${created.id}/update/`, { title: 'x' })).statusCode).toBe(404);
  });
});

describe('members read custom ads', () => {
  it('by position and category in SelfCommunity’s page, inactive ones only for admins and editors', async () => {
    expect((await settings({ system: 'custom', custom: { only_for_anonymous: false } })).statusCode).toBe(
      200,
    );
    const cat = await ad({
      title: 'Cat feed',
      position: 'ABOVE_THE_STREAM_CATEGORY',
      category: String(categoryId),
      embed_code: '<i>c</i>',
    });
    await ad({ title: 'All feeds', position: 'ABOVE_THE_STREAM_CATEGORY', embed_code: '<i>a</i>' });
    await ad({
      title: 'Paused',
      position: 'ABOVE_THE_STREAM_CATEGORY',
      embed_code: '<i>p</i>',
      active: 'false',
    });

    const page = await v2('/custom_adv/search/?position=ABOVE_THE_STREAM_CATEGORY', member);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(titles(page.body)).toEqual(['All feeds', 'Cat feed']);
    expect((page.json() as Page).results[1]).toMatchObject({
      id: cat.id,
      category: categoryId,
      image: null,
      link: null,
      embed_code: '<i>c</i>',
      active: true,
      position: 'ABOVE_THE_STREAM_CATEGORY',
    });
    const other = await v2(
      `/custom_adv/?position=ABOVE_THE_STREAM_CATEGORY&categories=[${categoryId + 1000}]`,
      member,
    );
    expect(titles(other.body)).toEqual(['All feeds']);
    const mine = await v2(
      `/custom_adv/?position=ABOVE_THE_STREAM_CATEGORY&category=${categoryId}&limit=1`,
      member,
    );
    expect(mine.json()).toMatchObject({ count: 2 });
    expect((mine.json() as Page).next).toContain('offset=1');
    expect((await v2('/custom_adv/?categories=[x]', member)).statusCode).toBe(400);

    const staff = await v2('/custom_adv/?position=ABOVE_THE_STREAM_CATEGORY&active=false', admin);
    expect(titles(staff.body)).toEqual(['Paused']);
    expect(
      titles((await v2('/custom_adv/?position=ABOVE_THE_STREAM_CATEGORY&active=false', member)).body),
    ).toHaveLength(2);
    expect((await v2(`/custom_adv/${cat.id}/`)).json()).toMatchObject({ id: cat.id, title: 'Cat feed' });
    expect((await v2('/custom_adv/999999/')).statusCode).toBe(404);
  });

  it('honours custom_adv_enabled and custom_adv_only_for_anonymous_users_enabled', async () => {
    const one = await ad({ title: 'Toggle', position: 'TOOLS_COLUMN', embed_code: '<i>t</i>' });
    expect(titles((await v2('/custom_adv/?position=TOOLS_COLUMN')).body)).toEqual(['Toggle']);

    await settings({ custom: { only_for_anonymous: true } });
    expect(titles((await v2('/custom_adv/?position=TOOLS_COLUMN')).body)).toEqual(['Toggle']);
    expect((await v2('/custom_adv/?position=TOOLS_COLUMN', member)).json()).toMatchObject({
      count: 0,
      results: [],
    });
    expect((await v2(`/custom_adv/${one.id}/`, member)).statusCode).toBe(404);
    expect(titles((await v2('/custom_adv/?position=TOOLS_COLUMN', admin)).body)).toEqual(['Toggle']);

    await settings({ system: 'none', custom: { only_for_anonymous: false } });
    expect((await v2('/custom_adv/?position=TOOLS_COLUMN')).json()).toMatchObject({ count: 0 });
    expect((await v2(`/custom_adv/${one.id}/`)).statusCode).toBe(404);
    await settings({ system: 'custom' });
    expect((await v2(`/custom_adv/${one.id}/`)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/c/other/api/v2/custom_adv/${one.id}/` })).statusCode,
    ).toBe(404);
  });
});
