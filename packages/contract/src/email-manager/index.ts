export * from './email-keys.ts';
export * from './email-manager-schemas.ts';
