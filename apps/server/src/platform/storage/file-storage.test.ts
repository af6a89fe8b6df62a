import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkStorageKey, createDiskStorage } from './file-storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('disk storage', () => {
  const storage = createDiskStorage(root);

  it('puts, gets, tells existence and deletes by key', async () => {
    await storage.put('stacks/1/media/abc/original.png', Buffer.from('one'));
    expect(fs.readFileSync(path.join(root, 'stacks/1/media/abc/original.png'), 'utf8')).toBe('one');
    expect(await storage.exists('stacks/1/media/abc/original.png')).toBe(true);
    expect((await storage.get('stacks/1/media/abc/original.png'))?.toString()).toBe('one');

    await storage.put('stacks/1/media/abc/original.png', Buffer.from('two'));
    expect((await storage.get('stacks/1/media/abc/original.png'))?.toString()).toBe('two');
    // No temporary file is left behind.
    expect(fs.readdirSync(path.join(root, 'stacks/1/media/abc'))).toEqual(['original.png']);

    await storage.delete('stacks/1/media/abc/original.png');
    expect(await storage.exists('stacks/1/media/abc/original.png')).toBe(false);
    expect(await storage.get('stacks/1/media/abc/original.png')).toBeUndefined();
    await storage.delete('stacks/1/media/abc/original.png');
  });

  it('deletes a folder prefix with its files', async () => {
    await storage.put('stacks/2/media/def/original.png', Buffer.from('x'));
    await storage.put('stacks/2/media/def/w480.webp', Buffer.from('y'));
    await storage.delete('stacks/2/media/def');
    expect(await storage.exists('stacks/2/media/def/w480.webp')).toBe(false);
    expect(await storage.get('stacks/2/media/def')).toBeUndefined();
  });

  it('refuses keys that could leave the root', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '', 'a/.hidden', 'a\\b']) {
      expect(() => checkStorageKey(key), key).toThrow('Invalid storage key');
    }
    await expect(storage.get('../outside')).rejects.toThrow('Invalid storage key');
  });
});
