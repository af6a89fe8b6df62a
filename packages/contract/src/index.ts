export * from './errors/index.ts';
export * from './envelope.ts';
export * from './auth/index.ts';
export * from './preferences/index.ts';
export * from './stacks/index.ts';
export * from './features/index.ts';
export * from './dynamic-preferences/index.ts';
