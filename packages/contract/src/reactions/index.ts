export * from './reaction-schemas.ts';
