import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies pending migrations; throws when one fails so the start stops. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'agora_migrations' });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations this code knows that the database has not applied (all of them on an empty one). */
export async function pendingMigrations(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'agora_migrations' });
  const known = await migrator.getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
