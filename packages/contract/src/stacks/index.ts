export * from './stack-schemas.ts';
