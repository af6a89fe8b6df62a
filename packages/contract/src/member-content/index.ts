export * from './member-content-schemas.ts';
export * from './feed-schemas.ts';
export * from './share-schemas.ts';
export * from './follow-schemas.ts';
