export * from './user-moderation-schemas.ts';
