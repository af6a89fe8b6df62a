import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver on 127.0.0.1 that counts: every request, the distinct event ids, and the
 * `webhook-id` header of each (Standard Webhooks: the same event resent carries the same id, which is
 * what a receiver dedupes on). It answers 200 to everything.
 */
export async function startWebhookCounter() {
  let requests = 0;
  /** event id → how many times it arrived. */
  const times = new Map<number, number>();
  /** event id → the webhook-id headers it arrived with. */
  const messageIds = new Map<number, Set<string>>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests += 1;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event_id: number };
        times.set(body.event_id, (times.get(body.event_id) ?? 0) + 1);
        const ids = messageIds.get(body.event_id) ?? new Set<string>();
        ids.add(String(req.headers['webhook-id']));
        messageIds.set(body.event_id, ids);
      } catch {
        // counted as a request; a body that is not an event shows up as a missing event id
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests: () => requests,
    distinct: () => times.size,
    times,
    messageIds,
    /** Event ids that arrived more than once. */
    duplicates: () => [...times].filter(([, n]) => n > 1).map(([id]) => id),
    reset() {
      requests = 0;
      times.clear();
      messageIds.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookCounter = Awaited<ReturnType<typeof startWebhookCounter>>;
