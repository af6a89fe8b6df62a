import type { Db } from '../../platform/db/database.ts';
import { findStaffByUserId } from './staff.repository.ts';

/**
 * Who sees members' e-mail addresses (and may search by them): only staff confirmed as GDPR data
 * managers (mgmt §6), whatever their role. One rule for the staff list, users, analytics and moderation.
 */
export async function seesEmails(db: Db, stackId: number, staffUserId: number): Promise<boolean> {
  const me = await findStaffByUserId(db, stackId, staffUserId);
  return Boolean(me?.role && me.gdpr_data_manager);
}
