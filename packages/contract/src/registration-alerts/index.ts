export * from './registration-alert-schemas.ts';
