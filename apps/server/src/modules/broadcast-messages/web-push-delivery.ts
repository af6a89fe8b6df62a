import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Db } from '../../platform/db/database.ts';
import { checkOutboundHost, type OutboundAllowance } from '../../platform/net/outbound-host.ts';
import * as push from './push-subscriptions.repository.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * A community's VAPID key pair, made on first use; the private key is kept sealed by the secret box.
 * Two processes making one at once: the first stored wins and both answer it.
 */
export async function vapidKeys(db: Db, secretBox: SecretBox, stackId: number): Promise<VapidKeys> {
  let row = await push.vapidRow(db, stackId);
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await push.insertVapid(db, stackId, made.publicKey, secretBox.seal(made.privateKey));
    row = await push.vapidRow(db, stackId);
    if (!row) throw new Error('The VAPID keys could not be stored');
  }
  return { publicKey: row.public_key, privateKey: secretBox.open(row.private_key_sealed) };
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A push endpoint's URL, or undefined: https, or http only where private addresses are allowed (tests). */
export function pushEndpointUrl(endpoint: string, allowance: OutboundAllowance): URL | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.hostname === '') return undefined;
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && allowance.allowPrivate) return url;
  return undefined;
}

const TIMEOUT_MS = 10_000;

/**
 * Pushes one encrypted message (RFC 8291 aes128gcm, VAPID RFC 8292) to a subscription and answers the
 * push service's status. The endpoint's host is resolved once and checked by the platform's outbound
 * rule (private and metadata addresses refused without connecting); the request goes to that address.
 */
export async function deliverPush(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys & { subject: string },
  allowance: OutboundAllowance,
): Promise<number> {
  const url = pushEndpointUrl(target.endpoint, allowance);
  if (!url) throw new Error('The push endpoint is not an https URL');
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 24 * 3600,
      contentEncoding: 'aes128gcm',
    },
  );
  const checked = await checkOutboundHost(url.hostname, allowance);
  const body = details.body ?? Buffer.alloc(0);
  const headers: Record<string, string | number> = {
    ...(details.headers as Record<string, string | number>),
    host: url.host,
    'content-length': body.length,
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      {
        host: checked.address,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers,
        ...(url.protocol === 'https:' && checked.servername ? { servername: checked.servername } : {}),
        timeout: TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('The push service did not answer in time')));
    request.on('error', reject);
    request.end(body);
  });
}
