import { randomBytes } from 'node:crypto';
import { looksLikeJwt, signHsJwt, unverifiedPayload, verifyHsJwt } from '../platform/crypto/hs-jwt.ts';
import {
  DATA_PROVISIONING_TOKEN_TTL_SECONDS,
  dataProvisioningClaimsSchema,
  type DataProvisioningClaims,
} from '@agora/contract';
import type { Db } from '../platform/db/database.ts';
import type { Clock } from '../platform/clock.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';

/**
 * The data-provisioning token: a JWT (HS256, node:crypto) scoped to one community and valid one hour,
 * signed with that community's own key (sealed in stack_secrets, created on first use). A real Cube
 * deployment can verify it with the same key (CUBEJS_API_SECRET) and read `stack_id` as its security context.
 */

export const DATA_PROVISIONING_KEY_NAME = 'data_provisioning_key';

export interface TokenDeps {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
}

async function readKey(deps: TokenDeps, stackId: number): Promise<Buffer | undefined> {
  const row = await deps.db
    .selectFrom('stack_secrets')
    .select('sealed')
    .where('stack_id', '=', stackId)
    .where('name', '=', DATA_PROVISIONING_KEY_NAME)
    .executeTakeFirst();
  if (!row) return undefined;
  return Buffer.from(deps.secretBox.open(row.sealed), 'base64url');
}

/** The community's signing key, created (once, even with concurrent callers) when missing. */
export async function signingKey(deps: TokenDeps, stackId: number): Promise<Buffer> {
  const existing = await readKey(deps, stackId);
  if (existing) return existing;
  await deps.db
    .insertInto('stack_secrets')
    .values({
      stack_id: stackId,
      name: DATA_PROVISIONING_KEY_NAME,
      sealed: deps.secretBox.seal(randomBytes(32).toString('base64url')),
      updated_at: deps.clock.now(),
    })
    .onConflict((oc) => oc.columns(['stack_id', 'name']).doNothing())
    .execute();
  return (await readKey(deps, stackId)) as Buffer;
}

export function signJwt(claims: DataProvisioningClaims, key: Buffer): string {
  return signHsJwt(claims, key, 'HS256');
}

/** Issues a token for a staff member of a community. */
export async function issueDataProvisioningToken(
  deps: TokenDeps,
  subject: { stackId: number; userId: number; role: string | null },
): Promise<{ token: string; expiresIn: number }> {
  const iat = Math.floor(deps.clock.now().getTime() / 1000);
  const claims: DataProvisioningClaims = {
    stack_id: subject.stackId,
    sub: subject.userId,
    role: subject.role,
    iat,
    exp: iat + DATA_PROVISIONING_TOKEN_TTL_SECONDS,
  };
  return {
    token: signJwt(claims, await signingKey(deps, subject.stackId)),
    expiresIn: DATA_PROVISIONING_TOKEN_TTL_SECONDS,
  };
}

/** Why a token was refused (all answered alike: 403 invalid_token). */
export type TokenRejection = 'missing' | 'malformed' | 'other_community' | 'bad_signature' | 'expired';

/**
 * Verifies a token presented to `/c/{slug}/cubejs-api/v1/*` (raw or `Bearer …`) for the community
 * `stackId`: signature with that community's key, HS256 only, not expired.
 */
export async function verifyDataProvisioningToken(
  deps: TokenDeps,
  header: string | undefined,
  stackId: number,
): Promise<{ ok: true; claims: DataProvisioningClaims } | { ok: false; reason: TokenRejection }> {
  const raw = header?.trim().replace(/^Bearer\s+/i, '');
  if (!raw) return { ok: false, reason: 'missing' };
  if (!looksLikeJwt(raw)) return { ok: false, reason: 'malformed' };
  const unverified = dataProvisioningClaimsSchema.safeParse(unverifiedPayload(raw));
  if (!unverified.success) return { ok: false, reason: 'malformed' };
  if (unverified.data.stack_id !== stackId) return { ok: false, reason: 'other_community' };
  const key = await readKey(deps, stackId);
  const verified = key && verifyHsJwt(raw, key, ['HS256']);
  if (!verified) return { ok: false, reason: 'bad_signature' };
  const claims = dataProvisioningClaimsSchema.parse(verified);
  if (claims.exp <= Math.floor(deps.clock.now().getTime() / 1000)) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
