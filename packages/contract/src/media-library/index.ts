export * from './media-library-schemas.ts';
