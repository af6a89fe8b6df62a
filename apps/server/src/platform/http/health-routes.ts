import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';

export interface Readiness {
  ready: boolean;
  database: 'reachable' | 'unreachable';
  /** Migrations of this code the database has not applied (a process newer than the schema). */
  pending_migrations: string[];
}

/** Whether this process can serve: its database answers and holds every migration it knows. */
export async function readiness(db: Kysely<unknown>): Promise<Readiness> {
  try {
    const pending = await pendingMigrations(db);
    return { ready: pending.length === 0, database: 'reachable', pending_migrations: pending };
  } catch {
    return { ready: false, database: 'unreachable', pending_migrations: [] };
  }
}

/**
 * `GET /healthz` (the process is alive) and `GET /readyz` (it can serve: 503 until the database answers
 * with every migration applied), for load balancers and orchestrators; logged only when they fail,
 * and never queued by the load shedding.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  app.get('/healthz', { logLevel: 'warn', config: { admission: 'exempt' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn', config: { admission: 'exempt' } }, async (_request, reply) => {
    const state = await readiness(db as unknown as Kysely<unknown>);
    return reply
      .code(state.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(state);
  });
}
