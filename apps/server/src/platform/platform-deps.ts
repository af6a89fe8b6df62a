import type { Config } from './config/config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './clock.ts';
import type { SecretBox } from './crypto/secret-box.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { StackScopeDeps } from './stack-scope/stack-scope.ts';

/**
 * What every module's routes may use; modules take it as an argument (no container). Platform
 * things only: the composition root (`composition/app-wiring.ts`) builds it, and a module that needs
 * another module's service says so in its own deps type.
 */
export interface PlatformDeps {
  db: Db;
  clock: Clock;
  config: Config;
  secretBox: SecretBox;
  /** Background jobs kept in the database (the worker runs in main.ts, tests call runDue()). */
  jobs: JobQueue;
  /** Sends a community's mail (its own server, the platform's, or the outbox table). */
  mailer: Mailer;
  /** The community guard's dependencies, for routes that run it again before reading a body. */
  stackScope: StackScopeDeps;
}
