export * from './feature-names.ts';
