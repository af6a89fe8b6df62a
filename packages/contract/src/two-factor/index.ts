export * from './two-factor-schemas.ts';
