import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-signed JWTs (RFC 7519, HS256/HS512) with node:crypto; no library needed for this much. */
export type HsAlgorithm = 'HS256' | 'HS512';

const HASH: Record<HsAlgorithm, string> = { HS256: 'sha256', HS512: 'sha512' };
const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function signHsJwt(payload: object, key: Buffer | string, alg: HsAlgorithm = 'HS256'): string {
  const head = `${b64(JSON.stringify({ alg, typ: 'JWT' }))}.${b64(JSON.stringify(payload))}`;
  return `${head}.${createHmac(HASH[alg], key).update(head).digest('base64url')}`;
}

/** True when the string has the three dot-separated parts of a compact JWS. */
export function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}

/**
 * Checks the signature with one of the allowed algorithms (the header may not pick another, so
 * `none` and algorithm confusion are refused) and returns the payload; undefined when anything is off.
 * Time claims are the caller's business.
 */
export function verifyHsJwt(
  token: string,
  key: Buffer | string,
  allowed: readonly HsAlgorithm[],
): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [headPart, bodyPart, signature] = parts as [string, string, string];
  let header: { alg?: unknown };
  let payload: unknown;
  try {
    header = JSON.parse(Buffer.from(headPart, 'base64url').toString('utf8')) as { alg?: unknown };
    payload = JSON.parse(Buffer.from(bodyPart, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const alg = header.alg as HsAlgorithm;
  if (!allowed.includes(alg)) return undefined;
  const expected = createHmac(HASH[alg], key).update(`${headPart}.${bodyPart}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
  return payload as Record<string, unknown>;
}

/** The payload as sent, before any check (to route a token to its key); undefined when unreadable. */
export function unverifiedPayload(token: string): unknown {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}
