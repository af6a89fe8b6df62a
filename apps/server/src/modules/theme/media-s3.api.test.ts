import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themePaths, type UploadImageResult } from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { signIn, stackBySlug, type SignedIn } from '../../test-support/fixtures.ts';
import { startS3Server, type TestS3Server } from '../../test-support/s3-server.ts';
import { createS3Storage } from '../../platform/storage/s3-storage.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { loadConfig } from '../../platform/config/config.ts';

const B = 'agora-media-s3-boundary';
const CDN = 'https://cdn.agora.test/media';
let s3: TestS3Server;
let bucket: FileStorage;

interface Mode {
  t: TestApp;
  dataDir: string;
  admin: SignedIn;
}

async function start(env: Record<string, string>): Promise<Mode> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-media-s3-'));
  const t = await buildTestApp({ env: { DATA_DIR: dataDir, ...s3.env, ...env } });
  return { t, dataDir, admin: await signIn(t.app, 'admin', ADMIN_PASSWORD) };
}

async function uploadLogo(m: Mode, bytes: Buffer): Promise<UploadImageResult> {
  const res = await m.t.app.inject({
    method: 'POST',
    url: `/c/demo${themePaths.uploadImage}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${B}\r\nContent-Disposition: form-data; name="name"\r\n\r\nnavbar_logo\r\n` +
          `--${B}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${B}--\r\n`),
    ]),
    headers: { ...m.admin.bearer, 'content-type': `multipart/form-data; boundary=${B}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as UploadImageResult;
}

const png = (r: number) =>
  sharp({ create: { width: 480, height: 120, channels: 3, background: { r, g: 153, b: 153 } } })
    .png()
    .toBuffer();

let streamed: Mode;
let redirected: Mode;

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = createS3Storage(loadConfig(s3.env).s3!);
  streamed = await start({});
  redirected = await start({ AGORA_S3_PUBLIC_URL: CDN });
});
afterAll(async () => {
  for (const m of [streamed, redirected]) {
    await m?.t.close();
    if (m) fs.rmSync(m.dataDir, { recursive: true, force: true });
  }
  await s3?.close();
});

describe('media in an S3 bucket', () => {
  it('keeps the uploads in the bucket, none on disk, and streams them at their usual addresses', async () => {
    const image = (await uploadLogo(streamed, await png(61))).image!;
    const address = new URL(image.url).pathname;
    expect(address).toMatch(/^\/c\/demo\/media\/[0-9a-f]{32}\/original\.png$/);
    const hash = address.split('/').at(-2)!;
    const folder = `stacks/${(await stackBySlug(streamed.t.db, 'demo')).id}/media/${hash}`;

    const original = await streamed.t.app.inject({ method: 'GET', url: address });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals((await bucket.get(`${folder}/original.png`))!)).toBe(true);
    expect(Number(original.headers['content-length'])).toBe(original.rawPayload.length);
    expect((await sharp(original.rawPayload).metadata()).width).toBe(480);

    const variant = await streamed.t.app.inject({
      method: 'GET',
      url: address.replace('original.png', 'h60.webp'),
    });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect((await sharp(variant.rawPayload).metadata()).height).toBe(60);

    const again = await streamed.t.app.inject({
      method: 'GET',
      url: address,
      headers: { 'if-none-match': original.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const missing = await streamed.t.app.inject({
      method: 'GET',
      url: address.replace(hash, 'f'.repeat(32)),
    });
    expect(missing.statusCode).toBe(404);
    expect(fs.existsSync(path.join(streamed.dataDir, 'uploads'))).toBe(false);
  });

  it('sends browsers to AGORA_S3_PUBLIC_URL (a CDN in front of the bucket) when it is set', async () => {
    const image = (await uploadLogo(redirected, await png(62))).image!;
    const address = new URL(image.url).pathname;
    const hash = address.split('/').at(-2)!;
    const demoId = (await stackBySlug(redirected.t.db, 'demo')).id;

    const res = await redirected.t.app.inject({
      method: 'GET',
      url: address.replace('original.png', 'h120.webp'),
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${CDN}/stacks/${demoId}/media/${hash}/h120.webp`);
    expect(await bucket.exists(`stacks/${demoId}/media/${hash}/h120.webp`)).toBe(true);

    const unknown = await redirected.t.app.inject({
      method: 'GET',
      url: address.replace('/c/demo/', '/c/nowhere/'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(fs.existsSync(path.join(redirected.dataDir, 'uploads'))).toBe(false);
  });
});
