export * from './analytics-server-schemas.ts';
