import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live, addressed by key (`stacks/12/media/<hash>/original.png`). A disk adapter
 * now; an S3-compatible one can implement the same four calls when several processes share uploads.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the key (and, on disk, a folder prefix with everything under it); missing is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A key is slash-separated plain segments: no '..', no absolute path, no empty segment. */
export function checkStorageKey(key: string): string {
  const segments = key.split('/');
  if (segments.length === 0 || segments.some((s) => !SEGMENT.test(s) || s.includes('..'))) {
    throw new Error(`Invalid storage key "${key}"`);
  }
  return key;
}

/** Files under `root` (DATA_DIR/uploads); writes go to a temporary name first, then are renamed. */
export function createDiskStorage(root: string): FileStorage {
  const resolved = path.resolve(root);
  const fileOf = (key: string) => path.join(resolved, ...checkStorageKey(key).split('/'));

  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        if ((error as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { recursive: true, force: true });
    },
    async exists(key) {
      try {
        return (await fs.stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}

/** The uploads folder of a data directory. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}
