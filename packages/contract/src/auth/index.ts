export * from './auth-schemas.ts';
