import type { Migration } from 'kysely';
import * as m0001 from './0001-hub.ts';
import * as m0002 from './0002-settings.ts';

/** Every migration in order. Names are the file names; a new one is appended, never edited. */
export const migrations: Record<string, Migration> = {
  '0001-hub': m0001,
  '0002-settings': m0002,
};
