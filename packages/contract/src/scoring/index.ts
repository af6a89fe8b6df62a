export * from './scoring-schemas.ts';
