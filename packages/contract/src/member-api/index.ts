export * from './member-auth-schemas.ts';
export * from './member-list.ts';
export * from './member-content-schemas.ts';
export * from './member-people-schemas.ts';
