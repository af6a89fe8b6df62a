export * from './app-request-schemas.ts';
