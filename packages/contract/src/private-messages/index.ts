export * from './private-message-schemas.ts';
