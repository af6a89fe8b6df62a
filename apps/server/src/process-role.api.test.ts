import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from './test-support/test-app.ts';
import { runProcess, type RunningProcess } from './process-role.ts';
import type { JobQueue } from './platform/jobs/job-queue.ts';

let t: TestApp | undefined;
let running: RunningProcess | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
  await t?.close();
  t = undefined;
});

const listen = { host: '127.0.0.1', port: 0, workerPort: 0 };
const appOf = (test: TestApp) => test.app as TestApp['app'] & { jobs: JobQueue };

describe('health, readiness and a web process', () => {
  it('answers alive, and ready only while the database holds every migration this code knows', async () => {
    t = await buildTestApp();
    const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
    // A load balancer probes a process by its address, whatever communities' domains it serves.
    const probed = await t.app.inject({ method: 'GET', url: '/readyz', headers: { host: '10.0.0.5:8080' } });
    expect(probed.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, database: 'reachable', pending_migrations: [] });

    // A process newer than its database's schema is alive but not ready.
    const last = await sql<{
      name: string;
    }>`SELECT name FROM agora_migrations ORDER BY name DESC LIMIT 1`.execute(t.db);
    const name = last.rows[0]!.name;
    await sql`DELETE FROM agora_migrations WHERE name = ${name}`.execute(t.db);
    const behind = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toMatchObject({ ready: false, database: 'reachable', pending_migrations: [name] });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await sql`INSERT INTO agora_migrations (name, timestamp) VALUES (${name}, now()::text)`.execute(t.db);

    // The same app as a web process: it serves HTTP and runs no job.
    running = await runProcess('web', appOf(t), t.db, listen);
    const answer = await fetch(`${running.address}/readyz`);
    expect(answer.status).toBe(200);
    expect(t.jobs.isStarted()).toBe(false);
  }, 120_000);
});

describe('process roles', () => {
  it('a worker runs the jobs and answers only its health on its own port', async () => {
    t = await buildTestApp();
    running = await runProcess('worker', appOf(t), t.db, listen);
    expect(t.jobs.isStarted()).toBe(true);
    expect(t.app.server.listening).toBe(false);
    expect((await fetch(`${running.address}/healthz`)).status).toBe(200);
    expect((await fetch(`${running.address}/readyz`)).status).toBe(200);
    expect((await fetch(`${running.address}/platform/api/v1/stacks/`)).status).toBe(404);
    await running.stop();
    running = undefined;
    expect(t.jobs.isStarted()).toBe(false);
  }, 120_000);
});
