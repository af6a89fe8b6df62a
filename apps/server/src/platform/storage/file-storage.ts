import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live, addressed by key (`stacks/12/media/<hash>/original.png`): on disk
 * (DATA_DIR/uploads), or in an S3-compatible bucket when several processes share uploads
 * (`s3-storage.ts`, chosen by `createFileStorage`).
 */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Buffer | undefined>;
  /** The bytes as a stream with their length, or undefined when nothing is stored under the key. */
  open(key: string): Promise<StoredFile | undefined>;
  /** The length in bytes, or undefined when nothing is stored under the key. */
  size(key: string): Promise<number | undefined>;
  /** Removes the key and a folder prefix with everything under it; missing is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export interface StoredFile {
  body: Readable;
  size: number;
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
  const size = async (key: string): Promise<number | undefined> => {
    const file = fileOf(key);
    try {
      const stat = await fs.stat(file);
      return stat.isFile() ? stat.size : undefined;
    } catch {
      return undefined;
    }
  };

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
    async open(key) {
      const length = await size(key);
      return length === undefined ? undefined : { body: createReadStream(fileOf(key)), size: length };
    },
    size,
    async delete(key) {
      await fs.rm(fileOf(key), { recursive: true, force: true });
    },
    async exists(key) {
      return (await size(key)) !== undefined;
    },
  };
}

/** The uploads folder of a data directory. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}
