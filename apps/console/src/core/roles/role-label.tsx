import { STAFF_ROLES, type StaffRole } from '@agora/contract';
import { FormattedMessage } from 'react-intl';

/** The one name of each staff role on screen (lang/roles.<l>.json), for every area that shows a role. */
export const ROLE_MESSAGE_IDS: Record<StaffRole, string> = {
  admin: 'role.admin',
  editor: 'role.editor',
  moderator: 'role.moderator',
  publisher: 'role.publisher',
};

const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/**
 * A role as the reader's language names it. A value the console does not know (a newer server) is
 * shown as "Other role", never as the raw key.
 */
export function RoleLabel({ role }: { role: string }) {
  return <FormattedMessage id={isStaffRole(role) ? ROLE_MESSAGE_IDS[role] : 'role.other'} />;
}
