import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const S3_TEST_BUCKET = 'agora-test';
/** s3rver accepts these (and only these) credentials. */
const KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The variables an operator sets to use this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A real S3 protocol server (s3rver) on loopback, with one empty bucket, keeping its files in a temporary folder. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: S3_TEST_BUCKET,
    env: {
      AGORA_S3_ENDPOINT: endpoint,
      AGORA_S3_BUCKET: S3_TEST_BUCKET,
      AWS_ACCESS_KEY_ID: KEY,
      AWS_SECRET_ACCESS_KEY: KEY,
      AWS_REGION: 'us-east-1',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
