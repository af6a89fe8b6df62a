export * from './loyalty-schemas.ts';
