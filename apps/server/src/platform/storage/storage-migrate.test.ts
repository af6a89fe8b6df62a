import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test-support/s3-server.ts';
import { loadConfig } from '../config/config.ts';
import type { FileStorage } from './file-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { copyUploads, runStorageMigration } from './storage-migrate.ts';

let s3: TestS3Server;
let bucket: FileStorage;
const folders: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = createS3Storage(loadConfig(s3.env).s3!);
});
afterAll(async () => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  await s3?.close();
});

/** A data directory whose uploads hold these files (relative path → content). */
function dataDirWith(files: Record<string, string>): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-migrate-'));
  folders.push(dataDir);
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(dataDir, 'uploads', relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return dataDir;
}

describe('storage:migrate', () => {
  it('copies the uploads under the same keys, then resumes after an interrupted run copying only what is missing', async () => {
    const dataDir = dataDirWith({
      'stacks/1/media/aaa/original.png': 'logo',
      'stacks/1/media/aaa/h60.webp': 'small',
      'stacks/1/library/bbb/original.jpg': 'photo',
      'stacks/2/reactions/like.svg': '<svg/>',
      'stacks/2/reactions/like.svg.0123456789ab.tmp': 'a write in progress',
    });
    const root = path.join(dataDir, 'uploads');
    // An earlier run got as far as one file, and part of another (a different size).
    await bucket.put('stacks/1/library/bbb/original.jpg', Buffer.from('photo'));
    await bucket.put('stacks/1/media/aaa/original.png', Buffer.from('lo'));
    // This run is cut off by the network on one key.
    const flaky: FileStorage = {
      ...bucket,
      put: async (key, bytes) => {
        if (key === 'stacks/2/reactions/like.svg') throw new Error('connection reset');
        await bucket.put(key, bytes);
      },
    };
    const lines: string[] = [];
    const first = await copyUploads(root, flaky, (line) => lines.push(line));
    expect(first).toEqual({
      total: 4,
      copied: 2,
      skipped: 1,
      failed: [{ key: 'stacks/2/reactions/like.svg', reason: 'connection reset' }],
    });
    expect(lines).toHaveLength(4);
    expect(lines).toContainEqual(
      expect.stringMatching(/^\[[1-4]\/4\] stacks\/2\/reactions\/like\.svg FAILED: connection reset$/),
    );
    expect(lines.at(-1)).toMatch(/^\[4\/4\] /);
    expect((await bucket.get('stacks/1/media/aaa/original.png'))?.toString()).toBe('logo');

    const second = await copyUploads(root, bucket, () => {});
    expect(second).toEqual({ total: 4, copied: 1, skipped: 3, failed: [] });
    for (const key of ['stacks/1/media/aaa/h60.webp', 'stacks/2/reactions/like.svg']) {
      expect((await bucket.get(key))?.toString()).toBe(fs.readFileSync(path.join(root, key), 'utf8'));
    }
    expect(await bucket.exists('stacks/2/reactions/like.svg.0123456789ab.tmp')).toBe(false);
  });

  it('prints progress and what failed, and exits non-zero until everything is copied', async () => {
    const dataDir = dataDirWith({
      'stacks/7/media/ccc/original.gif': 'gif',
      'stacks/7/media/ccc/not a key.png': 'a name no key may have',
    });
    const lines: string[] = [];
    const code = await runStorageMigration({ ...s3.env, DATA_DIR: dataDir }, (line) => lines.push(line));
    expect(code).toBe(1);
    expect(lines.at(-3)).toBe('2 files: 1 copied, 0 already there, 1 failed.');
    expect(lines.at(-1)).toBe(
      '  stacks/7/media/ccc/not a key.png: Invalid storage key "stacks/7/media/ccc/not a key.png"',
    );
    expect(await bucket.exists('stacks/7/media/ccc/original.gif')).toBe(true);

    fs.renameSync(
      path.join(dataDir, 'uploads/stacks/7/media/ccc/not a key.png'),
      path.join(dataDir, 'uploads/stacks/7/media/ccc/w480.webp'),
    );
    const again: string[] = [];
    expect(await runStorageMigration({ ...s3.env, DATA_DIR: dataDir }, (line) => again.push(line))).toBe(0);
    expect(again.at(-1)).toBe('2 files: 1 copied, 1 already there, 0 failed.');
  });

  it('refuses to run without a bucket configured', async () => {
    const lines: string[] = [];
    expect(await runStorageMigration({ DATA_DIR: dataDirWith({}) }, (line) => lines.push(line))).toBe(2);
    expect(lines[0]).toMatch(/AGORA_S3_ENDPOINT and AGORA_S3_BUCKET/);
  });
});
