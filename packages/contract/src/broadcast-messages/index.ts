export * from './broadcast-schemas.ts';
export * from './broadcast-input.ts';
export * from './member-banner-schemas.ts';
