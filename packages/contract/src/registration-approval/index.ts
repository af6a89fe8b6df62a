export * from './registration-approval-schemas.ts';
