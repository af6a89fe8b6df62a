import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test-support/s3-server.ts';
import { loadConfig } from '../config/config.ts';
import { createDiskStorage, type FileStorage } from './file-storage.ts';
import { describeFileStorage } from './file-storage.suite.ts';
import { createS3Storage } from './s3-storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-storage-'));
const disk = createDiskStorage(root);
let s3server: TestS3Server;
let s3: FileStorage;

beforeAll(async () => {
  s3server = await startS3Server();
  s3 = createS3Storage(loadConfig(s3server.env).s3!);
});
afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
  await s3server?.close();
});

describeFileStorage('disk', () => disk);
describeFileStorage('S3 bucket (s3rver on loopback)', () => s3);

describe('disk storage', () => {
  it('writes the files under its root, leaving no temporary file behind', async () => {
    await disk.put('stacks/9/media/abc/original.png', Buffer.from('one'));
    await disk.put('stacks/9/media/abc/original.png', Buffer.from('two'));
    expect(fs.readFileSync(path.join(root, 'stacks/9/media/abc/original.png'), 'utf8')).toBe('two');
    expect(fs.readdirSync(path.join(root, 'stacks/9/media/abc'))).toEqual(['original.png']);
  });
});

describe('S3 configuration', () => {
  it('needs both the endpoint and the bucket, and reads the standard AWS variables', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(() => loadConfig({ AGORA_S3_BUCKET: 'media' })).toThrow('AGORA_S3_ENDPOINT');
    expect(() => loadConfig({ AGORA_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('AGORA_S3_BUCKET');
    expect(() => loadConfig({ AGORA_S3_ENDPOINT: 'http://s3', AGORA_S3_BUCKET: 'No_Such' })).toThrow(
      'AGORA_S3_BUCKET',
    );
    expect(
      loadConfig({
        AGORA_S3_ENDPOINT: 'https://s3.example.net/',
        AGORA_S3_BUCKET: 'agora-media',
        AGORA_S3_PUBLIC_URL: 'https://cdn.example.net/media/',
        AWS_ACCESS_KEY_ID: 'id',
        AWS_SECRET_ACCESS_KEY: 'secret',
        AWS_REGION: 'eu-south-1',
      }).s3,
    ).toEqual({
      endpoint: 'https://s3.example.net',
      bucket: 'agora-media',
      region: 'eu-south-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      publicUrl: 'https://cdn.example.net/media',
    });
  });
});
