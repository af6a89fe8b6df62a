export * from './oauth-app-schemas.ts';
