import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The header the proxy adds to each answer: which backend (by index) answered it. */
export const BACKEND_HEADER = 'x-cluster-backend';

/**
 * A load balancer as small as can be (node:http, loopback): each request goes to the next backend in
 * turn, streamed both ways, and the answer says which backend served it.
 */
export async function startRoundRobinProxy(backends: readonly string[], port = 0) {
  let next = 0;
  const served = backends.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const index = next;
    next = (next + 1) % backends.length;
    served[index] = (served[index] ?? 0) + 1;
    const target = new URL(req.url ?? '/', backends[index]);
    const upstream = http.request(target, { method: req.method, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [BACKEND_HEADER]: String(index) });
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      if (!res.headersSent)
        res.writeHead(502, { 'content-type': 'text/plain', [BACKEND_HEADER]: String(index) });
      res.end(`proxy: ${error.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    /** Requests sent to each backend so far. */
    served,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type RoundRobinProxy = Awaited<ReturnType<typeof startRoundRobinProxy>>;
