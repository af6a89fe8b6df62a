import fs from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/config.ts';
import { checkStorageKey, uploadsDir, type FileStorage } from './file-storage.ts';
import { createS3Storage } from './s3-storage.ts';

export interface MigrationReport {
  total: number;
  copied: number;
  /** Already in the bucket with the same size (an earlier, interrupted run copied them). */
  skipped: number;
  failed: { key: string; reason: string }[];
}

/** The disk adapter's writes in progress (`<file>.<12 hex>.tmp`): never a stored file. */
const TEMPORARY = /\.[0-9a-f]{12}\.tmp$/;
const AT_ONCE = 8;

async function* filesUnder(root: string, folder = ''): AsyncGenerator<string> {
  const entries = await fs.readdir(path.join(root, folder), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(root, relative);
    else if (entry.isFile() && !TEMPORARY.test(entry.name)) yield relative;
  }
}

/**
 * Copies every file under `root` (DATA_DIR/uploads) to `target` under the same key. Resumable: a key
 * already there with the same size is skipped, so running it again after an interruption copies only
 * what is missing. A file that cannot be copied is reported, never stops the others.
 */
export async function copyUploads(
  root: string,
  target: FileStorage,
  print: (line: string) => void,
): Promise<MigrationReport> {
  const keys: string[] = [];
  for await (const key of filesUnder(root)) keys.push(key);
  const report: MigrationReport = { total: keys.length, copied: 0, skipped: 0, failed: [] };
  let done = 0;
  const next = () => keys.shift();

  async function copyOne(key: string): Promise<string> {
    checkStorageKey(key);
    const file = path.join(root, ...key.split('/'));
    const size = (await fs.stat(file)).size;
    if ((await target.size(key)) === size) {
      report.skipped += 1;
      return 'already there';
    }
    await target.put(key, await fs.readFile(file));
    report.copied += 1;
    return 'copied';
  }

  async function worker(): Promise<void> {
    for (let key = next(); key !== undefined; key = next()) {
      let outcome: string;
      try {
        outcome = await copyOne(key);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        report.failed.push({ key, reason });
        outcome = `FAILED: ${reason}`;
      }
      done += 1;
      print(`[${done}/${report.total}] ${key} ${outcome}`);
    }
  }

  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  report.failed.sort((a, b) => a.key.localeCompare(b.key));
  return report;
}

/** `npm run storage:migrate`: DATA_DIR/uploads to the configured bucket. Answers the exit code. */
export async function runStorageMigration(
  env: Record<string, string | undefined>,
  print: (line: string) => void,
): Promise<number> {
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    print(error.message);
    return 2;
  }
  if (!config.s3) {
    print(
      'Set AGORA_S3_ENDPOINT and AGORA_S3_BUCKET (and AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION).',
    );
    return 2;
  }
  const root = uploadsDir(config.dataDir);
  try {
    await fs.access(root);
  } catch {
    print(`Nothing to copy: ${root} does not exist.`);
    return 0;
  }
  print(`Copying ${root} to bucket ${config.s3.bucket} at ${config.s3.endpoint}`);
  const report = await copyUploads(root, createS3Storage(config.s3), print);
  print(
    `${report.total} files: ${report.copied} copied, ${report.skipped} already there, ${report.failed.length} failed.`,
  );
  if (report.failed.length === 0) return 0;
  print('Failed (run again to retry them):');
  for (const { key, reason } of report.failed) print(`  ${key}: ${reason}`);
  return 1;
}
