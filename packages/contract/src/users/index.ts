export * from './users-schemas.ts';
