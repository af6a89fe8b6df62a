import type {} from 'kysely';

/** Kysely types of the tables this module owns: the feature flags of each community. */
export interface StackFeaturesTable {
  stack_id: number;
  name: string;
  enabled: boolean;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    stack_features: StackFeaturesTable;
  }
}
