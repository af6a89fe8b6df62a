import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { checkStorageKey, type FileStorage } from './file-storage.ts';

/**
 * What every FileStorage adapter promises, run against each of them (`file-storage.test.ts`):
 * the disk and an S3 bucket must be interchangeable.
 */
export function describeFileStorage(name: string, storage: () => FileStorage): void {
  describe(`${name}: the FileStorage contract`, () => {
    it('puts, gets, tells existence and size, and deletes by key', async () => {
      const s = storage();
      await s.put('stacks/1/media/abc/original.png', Buffer.from('one'));
      expect(await s.exists('stacks/1/media/abc/original.png')).toBe(true);
      expect((await s.get('stacks/1/media/abc/original.png'))?.toString()).toBe('one');
      expect(await s.size('stacks/1/media/abc/original.png')).toBe(3);

      await s.put('stacks/1/media/abc/original.png', Buffer.from('second'));
      expect((await s.get('stacks/1/media/abc/original.png'))?.toString()).toBe('second');
      expect(await s.size('stacks/1/media/abc/original.png')).toBe(6);

      await s.delete('stacks/1/media/abc/original.png');
      expect(await s.exists('stacks/1/media/abc/original.png')).toBe(false);
      expect(await s.get('stacks/1/media/abc/original.png')).toBeUndefined();
      expect(await s.size('stacks/1/media/abc/original.png')).toBeUndefined();
      // Deleting what is not there is not an error.
      await s.delete('stacks/1/media/abc/original.png');
    });

    it('keeps empty files and binary bytes as they are', async () => {
      const s = storage();
      const bytes = Buffer.from([0, 255, 10, 13, 0x89, 0x50]);
      await s.put('stacks/1/media/bin/mark', Buffer.alloc(0));
      await s.put('stacks/1/media/bin/original.png', bytes);
      expect(await s.exists('stacks/1/media/bin/mark')).toBe(true);
      expect((await s.get('stacks/1/media/bin/mark'))?.length).toBe(0);
      expect((await s.get('stacks/1/media/bin/original.png'))?.equals(bytes)).toBe(true);
    });

    it('streams a file with its length', async () => {
      const s = storage();
      const big = Buffer.alloc(300_000, 'a');
      await s.put('stacks/1/media/str/w960.webp', big);
      const file = await s.open('stacks/1/media/str/w960.webp');
      expect(file?.size).toBe(big.length);
      expect(await text(file!.body)).toBe(big.toString());
      expect(await s.open('stacks/1/media/str/missing.webp')).toBeUndefined();
    });

    it('deletes a folder prefix with everything under it, and nothing beside it', async () => {
      const s = storage();
      await s.put('stacks/2/media/def/original.png', Buffer.from('x'));
      await s.put('stacks/2/media/def/w480.webp', Buffer.from('y'));
      await s.put('stacks/2/media/def/deeper/w960.webp', Buffer.from('z'));
      await s.put('stacks/2/media/defg/original.png', Buffer.from('neighbour'));
      await s.delete('stacks/2/media/def');
      expect(await s.exists('stacks/2/media/def/original.png')).toBe(false);
      expect(await s.exists('stacks/2/media/def/w480.webp')).toBe(false);
      expect(await s.exists('stacks/2/media/def/deeper/w960.webp')).toBe(false);
      expect(await s.get('stacks/2/media/def')).toBeUndefined();
      expect((await s.get('stacks/2/media/defg/original.png'))?.toString()).toBe('neighbour');
    });

    it('refuses keys that could leave the root', async () => {
      const s = storage();
      for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '', 'a/.hidden', 'a\\b']) {
        expect(() => checkStorageKey(key), key).toThrow('Invalid storage key');
      }
      await expect(s.get('../outside')).rejects.toThrow('Invalid storage key');
      await expect(s.put('a/../../x', Buffer.from('x'))).rejects.toThrow('Invalid storage key');
      await expect(s.delete('/etc')).rejects.toThrow('Invalid storage key');
      await expect(s.open('a//b')).rejects.toThrow('Invalid storage key');
    });
  });
}
