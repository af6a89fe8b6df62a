export * from './member-auth-schemas.ts';
