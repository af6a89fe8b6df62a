import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { signIn, stackBySlug } from '../../test-support/fixtures.ts';
import { member } from '../../test-support/analytics-fixture.ts';
import { startS3Server, type TestS3Server } from '../../test-support/s3-server.ts';
import { loadConfig } from '../../platform/config/config.ts';
import { createS3Storage } from '../../platform/storage/s3-storage.ts';
import '../../platform/mail/mail.tables.ts';

let s3: TestS3Server;
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-exports-s3-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir, ...s3.env } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await s3?.close();
});

describe('analytics exports in S3 mode', () => {
  it('puts the CSV in the bucket (where every process finds it) and serves the mailed link from there', async () => {
    const demoId = (await stackBySlug(t.db, 'demo')).id;
    await member(t.db, demoId, 'alice', '2026-01-01T10:00:00Z', { real_name: 'Alice, "A"' });
    const admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    const added = await t.app.inject({
      method: 'POST',
      url: '/c/demo/platform/api/v1/analytics/export/add/',
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'users' }),
    });
    expect(added.statusCode, added.body).toBe(202);
    const { id } = added.json().data;
    expect(await t.jobs.runDue()).toBe(1);

    const stored = await createS3Storage(loadConfig(s3.env).s3!).get(`exports/${demoId}/${id}.csv`);
    expect(stored?.toString()).toMatch(/^username,name,.*\r\nalice,"Alice, ""A""",/s);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const link = /http:\/\/agora\.test(\/c\/[^\s]+)/.exec(mail.text)![1]!;
    const file = await t.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.body).toBe(stored?.toString());
    expect(fs.readdirSync(dataDir).filter((name) => name === 'exports' || name === 'uploads')).toEqual([]);
  });
});
