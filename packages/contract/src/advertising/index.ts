export * from './advertising-schemas.ts';
