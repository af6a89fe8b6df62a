import type { Config } from './config/config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './clock.ts';
import type { SecretBox } from './crypto/secret-box.ts';
import type { StacksService } from '../modules/stacks/stacks.service.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ContentClassifier } from '../modules/moderation/content-classifier.ts';

/** What every module's routes may use; modules take it as an argument (no container). */
export interface PlatformDeps {
  db: Db;
  clock: Clock;
  config: Config;
  secretBox: SecretBox;
  stacks: StacksService;
  /** Background jobs kept in the database (the worker runs in main.ts, tests call runDue()). */
  jobs: JobQueue;
  /** Sends a community's mail (its own server, the platform's, or the outbox table). */
  mailer: Mailer;
  /** The AI moderation bot's classifier (an external API when configured; word lists otherwise). */
  classifier?: ContentClassifier;
}
