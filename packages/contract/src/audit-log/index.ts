export * from './audit-log-schemas.ts';
export * from './audit-actions.ts';
