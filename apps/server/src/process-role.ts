import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Db } from './platform/db/database.ts';
import type { JobQueue } from './platform/jobs/job-queue.ts';
import { registerHealthRoutes } from './platform/http/health-routes.ts';

/** What one Agora process does (AGORA_ROLE): everything, HTTP only, or jobs only. */
export type ProcessRole = 'all' | 'web' | 'worker';

export interface RunningProcess {
  /** Where the process answers: the app's address, or the worker's health address. */
  address: string;
  /**
   * A graceful stop (SIGTERM): a web process stops accepting and finishes the requests in flight; a
   * worker finishes its current job (or its failure returns it to the queue) and polls no more.
   */
  stop(): Promise<void>;
}

/**
 * Starts a built app in a role: `web` listens and runs no job, `worker` runs the jobs and answers
 * only `/healthz` and `/readyz` on its own port, `all` does both (one process, `npm start`).
 */
export async function runProcess(
  role: ProcessRole,
  app: FastifyInstance & { jobs: JobQueue },
  db: Db,
  listen: { host: string; port: number; workerPort: number },
): Promise<RunningProcess> {
  if (role === 'worker') {
    const health = Fastify({ logger: false });
    registerHealthRoutes(health, db);
    const address = await health.listen({ host: listen.host, port: listen.workerPort });
    app.jobs.start();
    return {
      address,
      async stop() {
        await health.close();
        await app.close(); // stops the job queue after its current job
      },
    };
  }
  const address = await app.listen({ host: listen.host, port: listen.port });
  if (role === 'all') app.jobs.start();
  return { address, stop: () => app.close() };
}
