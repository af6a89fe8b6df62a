import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { requireAccountSession } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { findAccountById, type AccountRow } from './account.repository.ts';

/** The account permission of the deployment's administrators (the hub). */
export const HUB_ADMIN_PERM = 'hub.admin';

/**
 * Hub rights: an active account holding the hub permission, signed in with its own password. A
 * sign-in handed off from a community never reaches them, whoever's account it is (ADR 0010).
 */
export async function requireHubAdmin(db: Db, request: FastifyRequest): Promise<AccountRow> {
  const { accountId } = requireAccountSession(request);
  const account = await findAccountById(db, accountId);
  if (!account?.is_active || !account.perms.includes(HUB_ADMIN_PERM)) throw AppError.forbidden();
  return account;
}
