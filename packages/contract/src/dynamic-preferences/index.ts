export * from './preference-catalogue.ts';
export * from './preference-validation.ts';
export * from './preference-schemas.ts';
export * from './preference-areas.ts';
