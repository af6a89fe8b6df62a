export * from './member-people-schemas.ts';
