export * from './theme-images.ts';
