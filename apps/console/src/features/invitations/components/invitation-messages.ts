import type { InvitationRole, InvitationStatus } from '@agora/contract';

/** Message ids of the area's values, written out so every id is found in the source. */
export const ROLE_MESSAGE: Record<InvitationRole | 'none', string> = {
  none: 'invitations.role.none',
  admin: 'invitations.role.admin',
  moderator: 'invitations.role.moderator',
  editor: 'invitations.role.editor',
  publisher: 'invitations.role.publisher',
};

export const STATUS_MESSAGE: Record<InvitationStatus, string> = {
  to_send: 'invitations.status.to_send',
  sent: 'invitations.status.sent',
  used: 'invitations.status.used',
};

/** A CSV row's reasons, by the code the server answers (a key of INVITATION_MESSAGES, or `columns`). */
export const REASON_MESSAGE: Record<string, string> = {
  required: 'invitations.import.reason.required',
  nameTooLong: 'invitations.import.reason.nameTooLong',
  emailInvalid: 'invitations.import.reason.emailInvalid',
  usernameInvalid: 'invitations.import.reason.usernameInvalid',
  roleInvalid: 'invitations.import.reason.roleInvalid',
  emailMember: 'invitations.import.reason.emailMember',
  usernameMember: 'invitations.import.reason.usernameMember',
  emailInvited: 'invitations.import.reason.emailInvited',
  usernameInvited: 'invitations.import.reason.usernameInvited',
  emailTwice: 'invitations.import.reason.emailTwice',
  usernameTwice: 'invitations.import.reason.usernameTwice',
  tagsInvalid: 'invitations.import.reason.tagsInvalid',
  categoriesInvalid: 'invitations.import.reason.categoriesInvalid',
  columns: 'invitations.import.reason.columns',
};

export const FIELD_LABEL: Record<string, string> = {
  name: 'invitations.field.name',
  email: 'invitations.field.email',
  username: 'invitations.field.username',
  role: 'invitations.field.role',
  tags: 'invitations.field.tags',
  categories: 'invitations.field.categories',
  row: 'invitations.field.row',
};
