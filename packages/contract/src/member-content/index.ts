export * from './member-content-schemas.ts';
