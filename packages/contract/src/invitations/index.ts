export * from './invitations-schemas.ts';
export * from './member-invite-code.ts';
