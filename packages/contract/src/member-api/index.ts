export * from './member-auth-schemas.ts';
export * from './member-list.ts';
