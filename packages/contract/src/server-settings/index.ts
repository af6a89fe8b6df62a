export * from './server-settings-errors.ts';
export * from './domain-schemas.ts';
export * from './mail-server-schemas.ts';
