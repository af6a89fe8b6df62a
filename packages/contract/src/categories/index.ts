export * from './category-schemas.ts';
export * from './category-input.ts';
export * from './category-paths.ts';
export * from './category-member.ts';
