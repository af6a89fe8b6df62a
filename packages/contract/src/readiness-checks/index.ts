export * from './readiness-check-schemas.ts';
