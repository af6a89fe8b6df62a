export * from './member-people-schemas.ts';
export * from './password-weakness-codes.ts';
export * from './member-hidden-schemas.ts';
