export * from './member-people-schemas.ts';
export * from './password-weakness-codes.ts';
