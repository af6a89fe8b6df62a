export * from './moderation-schemas.ts';
