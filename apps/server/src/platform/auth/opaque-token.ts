import { createHash, randomBytes } from 'node:crypto';

/** A random secret with a readable prefix (so leaked tokens are easy to recognise). */
export function newOpaqueToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** Tokens, tickets and client secrets are stored only as this digest. */
export function digestToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
