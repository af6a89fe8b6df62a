import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';

/** Requests Node's HTTP parser refuses never reach a route, yet they are answered in the envelope. */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes and reads everything the server writes back before it closes the connection. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.end(request);
  });
}

describe('unreadable HTTP requests', () => {
  it('answers a broken header line with 400 in the envelope', async () => {
    const res = await raw('GET /platform/api/v1/stacks/ HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers).toContain('application/json');
    expect(JSON.parse(res.body)).toMatchObject({ errors: [{ code: 'malformed_body' }] });
  });

  it('answers headers over the size limit with 431 in the envelope', async () => {
    const res = await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ errors: [{ code: 'invalid' }] });
  });
});
