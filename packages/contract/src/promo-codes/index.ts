export * from './promo-code-schemas.ts';
