import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing a webhook body. Standard Webhooks (v1, symmetric): `webhook-signature` holds
 * `v1,<base64 HMAC-SHA256(key = base64-decoded secret, "{id}.{timestamp}.{body}")>`, one per secret
 * that signs now, space-separated (during a rotation the old secret signs too). SelfCommunity's
 * header: `t=<timestamp>,v1=<hex HMAC-SHA256(key = the secret as text, "{t}.{body}")>`, with one
 * `v1` per secret likewise.
 */

const PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + base64 of 32 random bytes (the spec asks 24 to 64). */
export function newSigningSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

function keyBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

export function standardSignature(secret: string, msgId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyBytes(secret)).update(`${msgId}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

export function selfCommunitySignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
  'selfcommunity-signature': string;
}

/** The signing headers of one try, every secret in `secrets` (newest first) signing. */
export function signedHeaders(
  secrets: readonly string[],
  msgId: string,
  timestamp: number,
  body: string,
): SignedHeaders {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => standardSignature(s, msgId, timestamp, body)).join(' '),
    'selfcommunity-signature': [
      `t=${timestamp}`,
      ...secrets.map((s) => `v1=${selfCommunitySignature(s, timestamp, body)}`),
    ].join(','),
  };
}

/** The message id of an event: the same on every try and resend (Standard Webhooks' idempotency key). */
export function messageId(eventId: number): string {
  return `msg_${eventId}`;
}
