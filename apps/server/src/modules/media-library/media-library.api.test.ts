import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_FILE_MAX_BYTES, MEDIA_LIBRARY_MESSAGES as M } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type SignedIn, communityWithRoles, errorsOf, setFlag } from '../../test-support/fixtures.ts';

interface Folder {
  id: number;
  name: string;
  files: number;
}
interface File {
  id: number;
  name: string;
  alt: string;
  folder_id: number | null;
  custom_file: string;
  thumbnail: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  created_by: { username: string } | null;
}

let t: TestApp;
let dataDir: string;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let demoId: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-library-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  ({ demoId, admin, editor, moderator } = await communityWithRoles(t, ADMIN_PASSWORD));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const BOUNDARY = 'libraryboundary';
function multipart(fields: Record<string, string>, file?: Buffer) {
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${BOUNDARY}` };
}

const base = (slug = 'demo') => `/c/${slug}/platform/api/v1/media_library`;
const get = (p: string, who: SignedIn = admin, slug = 'demo') =>
  t.app.inject({ method: 'GET', url: `${base(slug)}/${p}`, headers: who.bearer });
const post = (p: string, body: unknown, who: SignedIn = admin, slug = 'demo') =>
  t.app.inject({
    method: 'POST',
    url: `${base(slug)}/${p}`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body ?? {}),
  });
const send = (p: string, fields: Record<string, string>, file?: Buffer, who: SignedIn = admin) => {
  const { payload, type } = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `${base()}/${p}`,
    headers: { ...who.bearer, 'content-type': type },
    payload,
  });
};
const png = (width: number, height: number, color = '#c03') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
/** The stable address as the server sees it (PUBLIC_URL removed). */
const local = (url: string) => url.replace('http://agora.test', '');
const folders = async () => (await get('folders/')).json().data as { top_files: number; results: Folder[] };
const files = async (query = '') =>
  (await get(`files/${query}`)).json().data as { count: number; results: File[] };
const stored = (hash = '') => path.join(dataDir, 'uploads', 'stacks', String(demoId), 'library', hash);
const storedHashes = () => (fs.existsSync(stored()) ? fs.readdirSync(stored()) : []);

describe('media library folders', () => {
  it('creates, lists with counts, renames a folder; names are required and unique', async () => {
    const made = await post('folders/add/', { name: '  Emails  ' });
    expect(made.statusCode).toBe(200);
    const folder = made.json().data as Folder;
    expect(folder).toMatchObject({ name: 'Emails', files: 0 });

    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const res = await post('folders/add/', { name });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res.body)[0]).toMatchObject({ field: 'name', message: M.folderName });
    }
    const twice = await post('folders/add/', { name: 'emails' });
    expect(twice.statusCode).toBe(400);
    expect(errorsOf(twice.body)[0]).toMatchObject({ field: 'name', message: M.folderUnique });

    const renamed = await post(`folders/${folder.id}/update/`, { name: 'Newsletters' });
    expect(renamed.json().data.name).toBe('Newsletters');
    expect((await folders()).results.map((f) => f.name)).toContain('Newsletters');
    expect((await post('folders/999999/update/', { name: 'x' })).statusCode).toBe(404);
  });

  it('refuses to delete a folder holding images unless they move to the top, never leaving orphans', async () => {
    const folder = (await post('folders/add/', { name: 'Banners' })).json().data as Folder;
    const image = (
      await send('files/add/', { folder: String(folder.id), name: 'b.png' }, await png(20, 10))
    ).json().data as File;
    expect(image.folder_id).toBe(folder.id);
    expect((await folders()).results.find((f) => f.id === folder.id)?.files).toBe(1);

    const refused = await post(`folders/${folder.id}/delete/`, {});
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused.body)[0]).toMatchObject({
      code: 'media_folder_not_empty',
      message: M.folderNotEmpty(1),
    });
    expect((await folders()).results.some((f) => f.id === folder.id)).toBe(true);

    const topBefore = (await folders()).top_files;
    const moved = await post(`folders/${folder.id}/delete/`, { move_files: true });
    expect(moved.json().data).toEqual({ moved: 1 });
    const after = await folders();
    expect(after.results.some((f) => f.id === folder.id)).toBe(false);
    expect(after.top_files).toBe(topBefore + 1);
    expect((await files()).results.find((f) => f.id === image.id)?.folder_id).toBeNull();
    // An empty folder goes without asking.
    const empty = (await post('folders/add/', { name: 'Empty' })).json().data as Folder;
    expect((await post(`folders/${empty.id}/delete/`, null)).statusCode).toBe(200);
  });
});

describe('media library images', () => {
  it('uploads a PNG through the content check and serves it at its stable address', async () => {
    const folder = (await post('folders/add/', { name: 'Pages' })).json().data as Folder;
    const res = await send(
      'files/add/',
      { folder: String(folder.id), name: 'hero.png', alt: 'A red box' },
      await png(640, 320),
      editor,
    );
    expect(res.statusCode).toBe(200);
    const file = res.json().data as File;
    expect(file).toMatchObject({
      name: 'hero.png',
      alt: 'A red box',
      folder_id: folder.id,
      content_type: 'image/png',
      width: 640,
      height: 320,
      created_by: { username: 'ed' },
    });
    expect(file.custom_file).toMatch(/^http:\/\/agora\.test\/c\/demo\/library\/[0-9a-f]{32}$/);
    expect((await files(`?folder=${folder.id}`)).results.map((f) => f.id)).toEqual([file.id]);
    expect((await files()).results.some((f) => f.id === file.id)).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: local(file.custom_file) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=300');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640);
    const again = await t.app.inject({
      method: 'GET',
      url: local(file.custom_file),
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const thumb = await t.app.inject({ method: 'GET', url: local(file.thumbnail) });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(480);
    // Another community's slug does not reach it.
    expect(
      (await t.app.inject({ method: 'GET', url: local(file.custom_file).replace('/c/demo/', '/c/other/') }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses what is not an image, an empty upload and a file over the limit with 400 and a clear message', async () => {
    const cases: [Buffer | undefined, string, string][] = [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'invalid_image_format', M.fileFormat],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'invalid_image_format', M.fileFormat],
      [undefined, 'required', M.fileRequired],
      [Buffer.alloc(MEDIA_FILE_MAX_BYTES + 1, 1), 'image_too_large', M.fileTooLarge],
    ];
    const before = (await files()).count;
    for (const [bytes, code, message] of cases) {
      const res = await send('files/add/', { name: 'bad' }, bytes);
      expect(res.statusCode, code).toBe(400);
      expect(errorsOf(res.body)[0]).toMatchObject({ field: 'file', code, message });
    }
    expect((await files()).count).toBe(before);
    const huge = await send('files/add/', {}, Buffer.alloc(MEDIA_FILE_MAX_BYTES * 2 + 10, 1));
    expect(huge.statusCode).toBe(413);
    const badFolder = await send('files/add/', { folder: '999999' }, await png(4, 4));
    expect(badFolder.statusCode).toBe(400);
    expect(errorsOf(badFolder.body)[0]).toMatchObject({ field: 'folder', message: M.folderNotFound });
    const longName = await send('files/add/', { name: 'x'.repeat(201) }, await png(4, 4));
    expect(errorsOf(longName.body)[0]).toMatchObject({ field: 'name', message: M.fileName });
  });

  it('renames, moves and replaces an image at the same address; the old stored file is removed', async () => {
    const folder = (await post('folders/add/', { name: 'Moved here' })).json().data as Folder;
    const file = (await send('files/add/', { name: 'first.png' }, await png(30, 30, '#00f'))).json()
      .data as File;
    const oldHashes = storedHashes();

    const edited = await send(`files/${file.id}/update/`, {
      name: 'renamed.png',
      alt: 'Blue',
      folder: String(folder.id),
    });
    expect(edited.json().data).toMatchObject({
      name: 'renamed.png',
      alt: 'Blue',
      folder_id: folder.id,
      custom_file: file.custom_file,
    });

    const replaced = await send(`files/${file.id}/update/`, {}, await png(50, 25, '#0f0'));
    const now = replaced.json().data as File;
    expect(now).toMatchObject({ custom_file: file.custom_file, width: 50, height: 25 });
    expect(now.thumbnail).not.toBe(file.thumbnail);
    const served = await t.app.inject({ method: 'GET', url: local(file.custom_file) });
    expect((await sharp(served.rawPayload).metadata()).width).toBe(50);
    const gone = oldHashes.filter((h) => !storedHashes().includes(h));
    expect(gone).toHaveLength(1);

    const back = await send(`files/${file.id}/update/`, { folder: '' });
    expect(back.json().data.folder_id).toBeNull();
    expect((await send(`files/${file.id}/update/`, { name: ' ' })).statusCode).toBe(400);
    expect((await send('files/999999/update/', { name: 'x' })).statusCode).toBe(404);
  });

  it('deletes an image and its stored file; an identical image keeps the shared file', async () => {
    const bytes = await png(12, 12, '#123456');
    const one = (await send('files/add/', { name: 'one.png' }, bytes)).json().data as File;
    const two = (await send('files/add/', { name: 'two.png' }, bytes)).json().data as File;
    expect(one.custom_file).not.toBe(two.custom_file);
    const hashes = storedHashes();

    expect((await post(`files/${one.id}/delete/`, {})).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: local(one.custom_file) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: local(two.custom_file) })).statusCode).toBe(200);
    expect(storedHashes()).toEqual(hashes);

    await post(`files/${two.id}/delete/`, {});
    expect(storedHashes()).toHaveLength(hashes.length - 1);
    expect((await post(`files/${two.id}/delete/`, {})).statusCode).toBe(404);
  });

  it('pages a folder newest first', async () => {
    const folder = (await post('folders/add/', { name: 'Paged' })).json().data as Folder;
    for (const n of [1, 2, 3]) {
      t.clock.advance(1);
      await send('files/add/', { name: `p${n}.png`, folder: String(folder.id) }, await png(n + 1, n + 1));
    }
    const first = await files(`?folder=${folder.id}&limit=2&offset=0`);
    expect(first.count).toBe(3);
    expect(first.results.map((f) => f.name)).toEqual(['p3.png', 'p2.png']);
    expect((await files(`?folder=${folder.id}&limit=2&offset=2`)).results.map((f) => f.name)).toEqual([
      'p1.png',
    ]);
    expect((await files(`?folder=${folder.id}&search=P2`)).results.map((f) => f.name)).toEqual(['p2.png']);
    expect((await get('files/?folder=999999')).statusCode).toBe(404);
    expect((await get('files/?limit=1000')).statusCode).toBe(400);
  });
});

describe('media library access', () => {
  it('is for admins and editors of the community, behind the cms flag', async () => {
    expect((await get('folders/', editor)).statusCode).toBe(200);
    expect((await get('folders/', moderator)).statusCode).toBe(403);
    expect((await post('folders/add/', { name: 'Mod' }, moderator)).statusCode).toBe(403);
    expect((await get('folders/', admin, 'other')).statusCode).toBe(404);
    await setFlag(t, admin, demoId, 'cms', false);
    expect((await get('folders/')).statusCode).not.toBe(200);
    await setFlag(t, admin, demoId, 'cms', true);
    expect((await get('folders/')).statusCode).toBe(200);
  });
});
