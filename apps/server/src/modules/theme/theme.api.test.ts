import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themePaths, type UploadImageResult } from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type SignedIn, communityWithRoles } from '../../test-support/fixtures.ts';
import { multipartBody, type FilePart } from '../../test-support/multipart-body.ts';

const UPLOAD = `/c/demo${themePaths.uploadImage}`;
const RAW = `/c/demo${themePaths.getRawImage}`;
const MB = 1024 * 1024;

let t: TestApp;
let dataDir: string;
let demoId: number;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;

const multipart = multipartBody;

const solid = (width: number, height: number, r = 61, g = 153, b = 153) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } });

const png = (width = 480, height = 120) => solid(width, height).png().toBuffer();

/** A real PNG of about `bytes` bytes: random pixels do not compress. */
function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

async function upload(name: string, file?: FilePart, who: SignedIn = admin, url = UPLOAD) {
  return t.app.inject({ method: 'POST', url, ...multipart({ name }, file, who.bearer) });
}

const asPng = async (bytes?: Buffer): Promise<FilePart> => ({
  filename: 'logo.png',
  contentType: 'image/png',
  bytes: bytes ?? (await png()),
});

function mediaPath(url: string): string {
  return new URL(url).pathname;
}

function filesOf(url: string): string[] {
  const hash = url.split('/').at(-2) as string;
  const folder = path.join(dataDir, 'uploads', 'stacks', String(demoId), 'media', hash);
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
}

async function preferenceValue(name: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/c/demo/platform/api/v1/dynamic_preference/get/?name=${name}`,
    headers: admin.bearer,
  });
  return res.json().data.value;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-theme-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  ({ demoId, admin, editor, moderator } = await communityWithRoles(t, ADMIN_PASSWORD));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('POST upload_image/', () => {
  it('stores a logo under DATA_DIR/uploads, with height-bounded variants, and sets the preference to its address', async () => {
    const bytes = await png(480, 120);
    const res = await upload('navbar_logo', await asPng(bytes));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as UploadImageResult;
    expect(result.preference).toMatchObject({ name: 'navbar_logo', section: 'logo', type: 'image' });
    expect(result.preference.value).toMatch(
      /^http:\/\/agora\.test\/c\/demo\/media\/[0-9a-f]{32}\/original\.png$/,
    );
    expect(result.image).toMatchObject({
      url: result.preference.value,
      content_type: 'image/png',
      width: 480,
      height: 120,
      bytes: expect.any(Number), // the stored (re-encoded) picture's size
      srcset: '',
    });
    expect(result.image?.variants.map((v) => [v.name, v.width, v.height])).toEqual([
      ['h60', 240, 60],
      ['h120', 480, 120],
    ]);
    expect(filesOf(result.image?.url as string)).toEqual([
      'h120.webp',
      'h60.webp',
      'original.png',
      'reencoded.v1',
    ]);
    expect(await preferenceValue('navbar_logo')).toBe(result.preference.value);
  });

  it('serves covers responsively: WebP variants 480/600/960/1280 px wide and a srcset (5 MB limit)', async () => {
    const bytes = await noisePng(3 * MB); // over the 2 MB of logos, under the 5 MB of covers
    expect(bytes.length).toBeGreaterThan(2 * MB);
    const res = await upload('cover_1_hp_m1920', { filename: 'cover.png', contentType: 'image/png', bytes });
    expect(res.statusCode, res.body).toBe(200);
    const image = (res.json().data as UploadImageResult).image;
    expect(image?.variants.map((v) => v.name)).toEqual(['w480', 'w600', 'w960', 'w1280']);
    expect(image?.srcset).toBe(
      [480, 600, 960, 1280]
        .map((w) => `${image?.url.replace('original.png', `w${w}.webp`)} ${w}w`)
        .join(', '),
    );
    for (const width of [480, 600, 960]) {
      const variant = await t.app.inject({
        method: 'GET',
        url: mediaPath(image?.url.replace('original.png', `w${width}.webp`) as string),
      });
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      const meta = await sharp(variant.rawPayload).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', width]);
    }
  });

  it('makes square default avatars of 50, 150 and 300 px', async () => {
    const res = await upload('user_default_avatar', {
      filename: 'me.jpg',
      contentType: 'image/jpeg',
      bytes: await solid(400, 250).jpeg().toBuffer(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const image = (res.json().data as UploadImageResult).image;
    expect(image?.content_type).toBe('image/jpeg');
    expect(image?.url).toMatch(/original\.jpg$/);
    expect(image?.variants.map((v) => [v.name, v.width, v.height])).toEqual([
      ['s50', 50, 50],
      ['s150', 150, 150],
      ['s300', 300, 300],
    ]);
  });

  it('accepts GIF and WebP, recognised by content', async () => {
    for (const [format, bytes] of [
      ['gif', await solid(100, 40).gif().toBuffer()],
      ['webp', await solid(100, 40).webp().toBuffer()],
    ] as const) {
      const res = await upload('navbar_logo_mobile', {
        filename: 'x.bin',
        contentType: 'application/octet-stream',
        bytes,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json().data as UploadImageResult).image?.content_type).toBe(`image/${format}`);
    }
  });

  it('takes a PNG named .txt and sent as text/plain as a PNG', async () => {
    const res = await upload('custom_navbar_item_image', {
      filename: 'notes.txt',
      contentType: 'text/plain',
      bytes: await png(64, 64),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as UploadImageResult).image?.content_type).toBe('image/png');
    expect((res.json().data as UploadImageResult).preference.value).toMatch(/original\.png$/);
  });

  const refusedAs = (res: { statusCode: number; json(): unknown }, code: string, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ field: 'file', code, message, messages: [{ code, message }] }] });
  };

  it("refuses a text file named .png and sent as image/png: 'Invalid image format'", async () => {
    const res = await upload('navbar_logo', {
      filename: 'logo.png',
      contentType: 'image/png',
      bytes: Buffer.from('this is not a picture, only text\n'.repeat(20)),
    });
    refusedAs(res, 'invalid_image_format', 'Invalid image format');
  });

  it('refuses SVG (not sanitised) and a PNG header with broken pixel data', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    refusedAs(
      await upload('navbar_logo', { filename: 'logo.svg', contentType: 'image/svg+xml', bytes: svg }),
      'invalid_image_format',
      'Invalid image format',
    );
    const real = await png(300, 300);
    const broken = Buffer.concat([real.subarray(0, 40), randomBytes(400)]);
    refusedAs(
      await upload('navbar_logo', { filename: 'logo.png', contentType: 'image/png', bytes: broken }),
      'invalid_image_format',
      'Invalid image format',
    );
  });

  it("refuses an image over the field's limit with the size message: 6 MB cover, 3 MB logo", async () => {
    const six = await noisePng(6 * MB);
    expect(six.length).toBeGreaterThan(6 * MB - 1);
    refusedAs(
      await upload('cover_2_hp_m1920', { filename: 'big.png', contentType: 'image/png', bytes: six }),
      'image_too_large',
      'Invalid image. Maximum size: 5 MB.',
    );
    refusedAs(
      await upload('navbar_logo', {
        filename: 'big.png',
        contentType: 'image/png',
        bytes: six.subarray(0, 3 * MB),
      }),
      'image_too_large',
      'Invalid image. Maximum size: 2 MB.',
    );
    expect(await preferenceValue('cover_2_hp_m1920')).toBe('');
  });

  it('answers 413 payload_too_large for a file over 10 MB', async () => {
    const res = await upload('cover_3_hp_m1920', {
      filename: 'huge.png',
      contentType: 'image/png',
      bytes: Buffer.concat([await png(), randomBytes(10 * MB + 10)]),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].code).toBe('payload_too_large');
  });

  it("refuses a request without a file: 'You need to upload an image'", async () => {
    refusedAs(await upload('navbar_logo'), 'required', 'You need to upload an image');
    refusedAs(
      await upload('navbar_logo', {
        filename: 'empty.png',
        contentType: 'image/png',
        bytes: Buffer.alloc(0),
      }),
      'required',
      'You need to upload an image',
    );
  });

  it('refuses an unknown preference and one that is not an image', async () => {
    const unknown = await upload('no_such_image', await asPng());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ field: 'name', code: 'invalid' });
    const text = await upload('application_name', await asPng());
    expect(text.statusCode).toBe(400);
    expect(text.json().errors[0]).toMatchObject({ field: 'name', code: 'not_an_image' });
    const missing = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      ...multipart({}, await asPng(), admin.bearer),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ field: 'name', code: 'required' });
  });

  // The theme is a content function (spec mgmt §6): admins and editors, not moderators.
  it('is for admins and editors of the community only', async () => {
    const res = await upload('navbar_logo', await asPng(), moderator);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('permission_denied');
    expect((await upload('navbar_logo', await asPng(), editor)).statusCode).toBe(200);
    // Refused before the body is read, even when the body is too big to read.
    const big = await upload(
      'navbar_logo',
      await asPng(Buffer.concat([await png(), randomBytes(11 * MB)])),
      moderator,
    );
    expect(big.statusCode).toBe(403);
    const other = await upload('navbar_logo', await asPng(), admin, `/c/other${themePaths.uploadImage}`);
    expect(other.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      ...multipart({ name: 'navbar_logo' }, await asPng()),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('deletes the files of a replaced image, but keeps those another preference still uses', async () => {
    const first = (await upload('logo_light', await asPng(await png(200, 50)))).json()
      .data as UploadImageResult;
    const shared = (await upload('logo_dark', await asPng(await png(200, 50)))).json()
      .data as UploadImageResult;
    expect(shared.image?.url).toBe(first.image?.url); // same bytes, same address
    const second = (await upload('logo_light', await asPng(await png(220, 50)))).json()
      .data as UploadImageResult;
    expect(second.image?.url).not.toBe(first.image?.url);
    expect(filesOf(first.image?.url as string)).toContain('original.png'); // logo_dark still uses it

    const replaced = (await upload('logo_dark', await asPng(await png(240, 60)))).json()
      .data as UploadImageResult;
    expect(replaced.preference.value).not.toBe(first.image?.url);
    expect(filesOf(first.image?.url as string)).toEqual([]);
  });

  it('keeps the files of a replaced image while a category shows the same image', async () => {
    const bytes = await png(260, 70);
    const logo = (await upload('logo_light', await asPng(bytes))).json().data as UploadImageResult;
    const categories = `/c/demo/platform/api/v1/categories`;
    const created = await t.app.inject({
      method: 'POST',
      url: `${categories}/add/`,
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Shares the logo' }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const category = created.json().data as { id: number };
    const image = await t.app.inject({
      method: 'POST',
      url: `${categories}/${category.id}/image/?kind=image`,
      ...multipart({}, await asPng(bytes), admin.bearer),
    });
    expect(image.statusCode, image.body).toBe(200);
    expect(image.json().data.image_url).toBe(logo.image?.url); // same bytes, same stored files

    await upload('logo_light', await asPng(await png(280, 70)));
    expect(filesOf(logo.image?.url as string)).toContain('original.png');
    const media = await t.app.inject({ method: 'GET', url: mediaPath(logo.image?.url as string) });
    expect(media.statusCode).toBe(200);
  });

  it('clears an image with remove=true and deletes its files', async () => {
    const uploaded = (await upload('error_404', await asPng(await png(123, 45)))).json()
      .data as UploadImageResult;
    expect(filesOf(uploaded.image?.url as string)).toContain('original.png');
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      ...multipart({ name: 'error_404', remove: 'true' }, undefined, admin.bearer),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ preference: { name: 'error_404', value: '' }, image: null });
    expect(filesOf(uploaded.image?.url as string)).toEqual([]);
    expect(await preferenceValue('error_404')).toBe('');
    const media = await t.app.inject({ method: 'GET', url: mediaPath(uploaded.image?.url as string) });
    expect(media.statusCode).toBe(404);
  });
});

describe('GET /c/:slug/media/:hash/:file', () => {
  let image: NonNullable<UploadImageResult['image']>;
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = await png(300, 75);
    image = ((await upload('app_icon', await asPng(bytes))).json().data as UploadImageResult).image!;
  });

  it('serves the original to anyone, with its type, nosniff and a year of immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: mediaPath(image.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Re-encoded, so not the uploaded bytes, but the same pixels (PNG is lossless).
    const pixels = (b: Buffer) => sharp(b).raw().toBuffer();
    expect(Buffer.compare(await pixels(res.rawPayload), await pixels(bytes))).toBe(0);
    const again = await t.app.inject({
      method: 'GET',
      url: mediaPath(image.url),
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves the variants as WebP', async () => {
    const res = await t.app.inject({ method: 'GET', url: mediaPath(image.variants[1]?.url as string) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(150);
  });

  it('answers 404 in the envelope for anything unknown, and never across communities', async () => {
    const hash = image.url.split('/').at(-2) as string;
    for (const url of [
      `/c/demo/media/${'0'.repeat(32)}/original.png`,
      `/c/demo/media/${hash}/original.jpg`,
      `/c/demo/media/${hash}/w9999.webp`,
      `/c/demo/media/${hash}/..%2F..%2Fsecret.key`,
      `/c/demo/media/${hash}/original.svg`,
      `/c/other/media/${hash}/original.png`,
      `/c/nowhere/media/${hash}/original.png`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errors[0].code, url).toBe('not_found');
    }
  });
});

describe('GET get_raw_image/', () => {
  it("answers the original bytes of the preference's image to the theme's roles", async () => {
    const bytes = await solid(90, 30).jpeg().toBuffer();
    await upload('staff_badge_icon', { filename: 'badge.jpeg', contentType: 'image/jpeg', bytes });
    const refused = await t.app.inject({
      method: 'GET',
      url: `${RAW}?name=staff_badge_icon`,
      headers: moderator.bearer,
    });
    expect(refused.statusCode).toBe(403);
    for (const who of [admin, editor]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${RAW}?name=staff_badge_icon`,
        headers: who.bearer,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('private, no-store');
      // The stored original: re-encoded as JPEG, same size.
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 90, height: 30 });
    }
  });

  it('answers 404 when the preference has no image, 400 for an unknown or non-image name, 404 elsewhere', async () => {
    const none = await t.app.inject({ method: 'GET', url: `${RAW}?name=error_503`, headers: admin.bearer });
    expect(none.statusCode).toBe(404);
    expect(none.json().errors[0].code).toBe('not_found');
    for (const name of ['nope', 'application_slogan1']) {
      const res = await t.app.inject({ method: 'GET', url: `${RAW}?name=${name}`, headers: admin.bearer });
      expect(res.statusCode, name).toBe(400);
    }
    const other = await t.app.inject({
      method: 'GET',
      url: `/c/other${themePaths.getRawImage}?name=staff_badge_icon`,
      headers: admin.bearer,
    });
    expect(other.statusCode).toBe(404);
  });
});
