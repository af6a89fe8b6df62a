export * from './stack-schemas.ts';
export * from './area-roles.ts';
