import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** An answer the receiver gives: a status, or a status with headers. */
export type ReceiverAnswer = number | { status: number; headers: Record<string, string> };

/**
 * A webhook receiver on 127.0.0.1 for tests: keeps every request, answers with the next status of
 * `answers` (then 200). Nothing here connects anywhere.
 */
export async function startReceiver(options: { delayMs?: number } = {}) {
  const received: Received[] = [];
  let answers: ReceiverAnswer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const next = answers.shift() ?? 200;
      const { status, headers } = typeof next === 'number' ? { status: next, headers: {} } : next;
      const answer = () => {
        res.writeHead(status, { 'content-type': 'text/plain', ...headers });
        res.end(status === 200 ? 'ok' : `status ${status}`);
      };
      if (options.delayMs) setTimeout(answer, options.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** The statuses (and headers) the next requests get, in order. */
    answer(statuses: ReceiverAnswer[]) {
      answers = [...statuses];
    },
    events(): Array<{ event_id: number; type: string; created: number; data: Record<string, unknown> }> {
      return received.map((r) => JSON.parse(r.body) as never);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A multipart body with one file field. */
export function csvUpload(content: string, field = 'file') {
  const boundary = `----agora${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="events.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
