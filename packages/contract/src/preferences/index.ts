export * from './preference-schemas.ts';
