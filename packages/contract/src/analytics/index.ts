export * from './cube-query-schemas.ts';
export * from './analytics-schemas.ts';
export * from './cube-model-members.ts';
export * from './analytics-server-schemas.ts';
