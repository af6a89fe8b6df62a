export * from './incubator-schemas.ts';
export * from './incubator-paths.ts';
export * from './incubator-member.ts';
