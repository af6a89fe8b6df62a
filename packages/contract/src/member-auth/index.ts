export * from './member-auth-schemas.ts';
export * from './member-account-schemas.ts';
