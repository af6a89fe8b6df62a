import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { checkStorageKey, type FileStorage } from './file-storage.ts';

/** Where the bucket is and who may use it (AGORA_S3_* and the standard AWS_* variables). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** A CDN (or the bucket's public address) in front of the bucket: media are redirected there. */
  publicUrl: string | undefined;
}

/** The SDK's answer when a key is not there (GetObject says NoSuchKey, HeadObject only 404). */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket, addressed path-style (`endpoint/bucket/key`) so that MinIO, Ceph,
 * Garage and the like work without wildcard DNS. A folder prefix is the keys under `prefix/`.
 */
export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    // Checksums only where S3 requires them: stores other than AWS (older MinIO, Ceph) refuse the rest.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;

  async function head(key: string): Promise<number | undefined> {
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket, Key: checkStorageKey(key) }));
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async function open(key: string) {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkStorageKey(key) }));
      if (!answer.Body) return undefined;
      return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Every key under `prefix/`, a page (up to 1,000) at a time. */
  async function* keysUnder(prefix: string): AsyncGenerator<string[]> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
      if (keys.length > 0) yield keys;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checkStorageKey(key), Body: bytes, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      const file = await open(key);
      if (!file) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    open,
    size: head,
    async delete(key) {
      checkStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      // Deleting while listing would shift the pages: collect first (a folder holds few files).
      const under: string[] = [];
      for await (const keys of keysUnder(key)) under.push(...keys);
      for (let i = 0; i < under.length; i += 1000) {
        const Objects = under.slice(i, i + 1000).map((Key) => ({ Key }));
        const answer = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }),
        );
        const failed = answer.Errors?.[0];
        if (failed) throw new Error(`Could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
      }
    },
    async exists(key) {
      return (await head(key)) !== undefined;
    },
  };
}
