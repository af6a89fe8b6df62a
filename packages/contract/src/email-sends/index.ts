export * from './email-sends-schemas.ts';
