import type { Config } from './config/config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './clock.ts';
import type { SecretBox } from './crypto/secret-box.ts';
import type { StacksService } from '../modules/stacks/stacks.service.ts';

/** What every module's routes may use; modules take it as an argument (no container). */
export interface PlatformDeps {
  db: Db;
  clock: Clock;
  config: Config;
  secretBox: SecretBox;
  stacks: StacksService;
}
