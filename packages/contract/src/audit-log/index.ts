export * from './audit-log-schemas.ts';
