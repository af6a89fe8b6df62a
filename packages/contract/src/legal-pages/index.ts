export * from './legal-pages-schemas.ts';
export * from './member-legal-pages-schemas.ts';
