export * from './custom-pages-schemas.ts';
export * from './error-pages-schemas.ts';
