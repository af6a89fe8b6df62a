import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themePaths, type UploadImageResult } from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { signIn, type SignedIn, stackBySlug } from '../../test-support/fixtures.ts';

// Issue 10 §5: a polyglot PNG (HTML in a text chunk and after IEND) and a PNG with 3 MB of trailing
// bytes were stored and served byte for byte. Only re-encoded pictures are stored and served now.
const UPLOAD = `/c/demo${themePaths.uploadImage}`;
const RAW = `/c/demo${themePaths.getRawImage}`;
const PAYLOAD = '<html><body><script>alert(document.domain)</script></body></html>';
const MARKER = 'alert(document.domain)';

let t: TestApp;
let dataDir: string;
let admin: SignedIn;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-reencode-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG with `chunks` inserted before IEND and `trailer` after it. */
async function pngWith(chunks: Buffer[], trailer: Buffer): Promise<Buffer> {
  const base = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#3d9999' } })
    .png()
    .toBuffer();
  const iend = base.length - 12;
  return Buffer.concat([base.subarray(0, iend), ...chunks, base.subarray(iend), trailer]);
}

function multipart(name: string, bytes: Buffer, filename: string, type: string) {
  const boundary = `----agora${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { ...admin.bearer, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads, then answers every copy of the original: the file on disk, the public media and get_raw_image. */
async function storeAndServe(name: string, bytes: Buffer, type: string) {
  const res = await t.app.inject({ method: 'POST', url: UPLOAD, ...multipart(name, bytes, 'x', type) });
  expect(res.statusCode, res.body).toBe(200);
  const image = (res.json().data as UploadImageResult).image!;
  const url = new URL(image.url);
  const [, hash, file] = /media\/([0-9a-f]{32})\/(.+)$/.exec(url.pathname) as RegExpExecArray;
  const demo = await stackBySlug(t.db, 'demo');
  const disk = fs.readFileSync(
    path.join(dataDir, 'uploads', 'stacks', String(demo.id), 'media', hash!, file!),
  );
  const media = (await t.app.inject({ method: 'GET', url: url.pathname })).rawPayload;
  const raw = (await t.app.inject({ method: 'GET', url: `${RAW}?name=${name}`, headers: admin.bearer }))
    .rawPayload;
  return { image, copies: [disk, media, raw] };
}

describe('uploads are stored and served only re-encoded', () => {
  it('drops the HTML of a polyglot PNG (text chunks and bytes after IEND), keeping the pixels', async () => {
    const polyglot = await pngWith(
      [
        pngChunk('tEXt', Buffer.from(`Comment\0${PAYLOAD}`, 'latin1')),
        pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${PAYLOAD}`, 'latin1')),
        pngChunk('zTXt', Buffer.concat([Buffer.from('Title\0\0', 'latin1'), zlib.deflateSync(PAYLOAD)])),
      ],
      Buffer.from(PAYLOAD),
    );
    expect(polyglot.includes(MARKER)).toBe(true);
    const { image, copies } = await storeAndServe('navbar_logo', polyglot, 'image/png');
    const clean = await sharp(polyglot).raw().toBuffer();
    for (const copy of copies) {
      expect(copy.includes(MARKER)).toBe(false);
      expect(copy.includes('tEXt') || copy.includes('iTXt') || copy.includes('zTXt')).toBe(false);
      expect(copy.subarray(-8).toString('latin1')).toBe('IEND\xaeB`\x82'); // nothing after IEND
      expect(Buffer.compare(await sharp(copy).raw().toBuffer(), clean)).toBe(0);
    }
    expect(image.bytes).toBe(copies[0]!.length);
    expect(image.bytes).toBeLessThan(polyglot.length);
  });

  it('drops 3 MB of bytes trailing a PNG', async () => {
    const trailer = Buffer.concat([Buffer.from('TRAILING-DATA'), randomBytes(3 * 1024 * 1024)]);
    const padded = await pngWith([], trailer);
    const { image, copies } = await storeAndServe('cover_1_hp_m1920', padded, 'image/png');
    for (const copy of copies) {
      expect(copy.length).toBeLessThan(10_000);
      expect(copy.includes('TRAILING-DATA')).toBe(false);
    }
    expect(image.bytes).toBe(copies[0]!.length);
  });

  it('drops EXIF, XMP and comments of a JPEG, applying its orientation first', async () => {
    const tagged = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#aa3300' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { ImageDescription: PAYLOAD } })
      .toBuffer();
    const soi = tagged.subarray(0, 2);
    const comment = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from([0, PAYLOAD.length + 2]),
      Buffer.from(PAYLOAD),
    ]);
    const withComment = Buffer.concat([soi, comment, tagged.subarray(2), Buffer.from(PAYLOAD)]);
    expect(withComment.includes(MARKER)).toBe(true);
    const { image, copies } = await storeAndServe('staff_badge_icon', withComment, 'image/jpeg');
    expect([image.width, image.height]).toEqual([20, 40]); // turned by the orientation tag
    for (const copy of copies) {
      expect(copy.includes(MARKER)).toBe(false);
      const meta = await sharp(copy).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('drops a GIF comment and trailing bytes, keeping the animation', async () => {
    const frames = await sharp({
      create: { width: 16, height: 48, channels: 4, background: '#00ff00' },
    })
      .gif()
      .toBuffer();
    const animated = await sharp(frames, { animated: true }).gif({ loop: 0 }).toBuffer();
    const gif = Buffer.concat([animated, Buffer.from(PAYLOAD)]);
    const { copies } = await storeAndServe('navbar_logo_mobile', gif, 'image/gif');
    for (const copy of copies) {
      expect(copy.includes(MARKER)).toBe(false);
      expect((await sharp(copy).metadata()).format).toBe('gif');
    }
  });

  it('re-encodes an original stored before re-encoding existed on its first read, and writes it back', async () => {
    const demo = await stackBySlug(t.db, 'demo');
    const hash = 'ab'.repeat(16);
    const folder = path.join(dataDir, 'uploads', 'stacks', String(demo.id), 'media', hash);
    const legacy = await pngWith(
      [pngChunk('tEXt', Buffer.from(`Comment\0${PAYLOAD}`, 'latin1'))],
      Buffer.from(PAYLOAD),
    );
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'original.png'), legacy); // as an upload of before was kept
    const url = `/c/demo/media/${hash}/original.png`;
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(MARKER)).toBe(false);
    expect(
      Buffer.compare(await sharp(served.rawPayload).raw().toBuffer(), await sharp(legacy).raw().toBuffer()),
    ).toBe(0);
    const rewritten = fs.readFileSync(path.join(folder, 'original.png'));
    expect(rewritten.includes(MARKER)).toBe(false);
    expect(fs.existsSync(path.join(folder, 'reencoded.v1'))).toBe(true);
    expect(Buffer.compare((await t.app.inject({ method: 'GET', url })).rawPayload, rewritten)).toBe(0);

    // A stored "original" that is no picture at all is not served.
    const broken = 'cd'.repeat(16);
    fs.mkdirSync(path.join(folder, '..', broken), { recursive: true });
    fs.writeFileSync(path.join(folder, '..', broken, 'original.png'), Buffer.from(PAYLOAD));
    expect(
      (await t.app.inject({ method: 'GET', url: `/c/demo/media/${broken}/original.png` })).statusCode,
    ).toBe(404);
  });
});
