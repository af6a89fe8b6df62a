import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A browser's side of Web Push for tests: a subscription's key pair (P-256 and the auth secret, made
 * with node:crypto), a local HTTP push service on 127.0.0.1 that keeps what it is sent, and the
 * decryption of an `aes128gcm` message (RFC 8188 and RFC 8291), written from the RFCs.
 */

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The decrypted payloads this subscription received, in order. */
  received(): string[];
}

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an `aes128gcm` Web Push body for the subscription's private key and auth secret. */
export function decryptWebPush(
  body: Buffer,
  uaPrivate: Buffer,
  uaPublic: Buffer,
  authSecret: Buffer,
): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > rs) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  // RFC 8291 §3.4: the input keying material from the ECDH secret and the auth secret.
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  // RFC 8188 §2.2–2.3: content encryption key and nonce.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record');
  return padded.subarray(0, end).toString('utf8');
}

/** A local push service: every POST is kept; `status(path)` decides the answer (201 by default). */
export async function startPushReceiver() {
  const pushes: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const keys = new Map<string, { priv: Buffer; pub: Buffer; auth: Buffer }>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      pushes.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  function decrypted(path: string): string[] {
    const k = keys.get(path);
    if (!k) return [];
    return pushes.filter((p) => p.path === path).map((p) => decryptWebPush(p.body, k.priv, k.pub, k.auth));
  }

  return {
    base,
    pushes,
    /** A new subscription whose endpoint is `/push/<name>` on this receiver. */
    subscription(name: string): TestSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const path = `/push/${name}`;
      const auth = randomBytes(16);
      keys.set(path, { priv: ecdh.getPrivateKey(), pub: ecdh.getPublicKey(), auth });
      return {
        endpoint: `${base}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        received: () => decrypted(path),
      };
    },
    /** Answers `status` to pushes for this subscription from now on (410: it is gone). */
    answer(subscription: TestSubscription, status: number) {
      statuses.set(new URL(subscription.endpoint).pathname, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
