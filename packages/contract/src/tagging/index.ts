export * from './tagging-schemas.ts';
