import type { Config } from '../config/config.ts';
import { createDiskStorage, uploadsDir, type FileStorage } from './file-storage.ts';
import { createS3Storage } from './s3-storage.ts';

const chosen = new WeakMap<object, FileStorage>();

/**
 * The uploads' storage this configuration asks for: the S3 bucket when one is configured (nothing is
 * then written to DATA_DIR/uploads), else the disk. One per configuration, so one S3 client per process.
 */
export function createFileStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  let storage = chosen.get(config);
  if (!storage) {
    storage = config.s3 ? createS3Storage(config.s3) : createDiskStorage(uploadsDir(config.dataDir));
    chosen.set(config, storage);
  }
  return storage;
}
