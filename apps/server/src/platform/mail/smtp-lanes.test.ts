import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { composeRaw, openSmtpLanes } from './smtp-lanes.ts';

/*
 * The hand-over of a held send (ADR 0024) must come after the server's 354 to DATA: before it, the
 * server may still refuse the envelope, and a sender that recorded "handed over" would then count a
 * message as delivered that the server never took.
 */

const events: string[] = [];
const sockets: Socket[] = [];
let received: string[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      // A slow envelope: a hand-over written before the exchange would show up before 'rcpt'.
      setTimeout(() => {
        if (address.address.startsWith('refused')) {
          const error = new Error('No such user here') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
          return;
        }
        events.push(`rcpt ${address.address}`);
        callback();
      }, 50);
    },
    onData(stream, session, callback) {
      events.push(`data ${session.envelope.rcptTo[0]?.address}`);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(session.envelope.rcptTo[0]?.address ?? '');
        events.push(`received ${session.envelope.rcptTo[0]?.address}`);
        callback();
      });
    },
  });
  server.server.on('connection', (socket: Socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  events.length = 0;
  received = [];
});

const options = () => ({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, logger: false });

async function message(to: string, handOver?: () => Promise<void>) {
  const { raw } = await composeRaw({ from: 'sender@agora.test', to, subject: 'Hi', text: `for ${to}` });
  return { envelope: { from: 'sender@agora.test', to: [to] }, raw, ...(handOver ? { handOver } : {}) };
}

describe('SMTP lanes', () => {
  it('hands a message over only once the server took its envelope and answered DATA, on a new and on a kept connection', async () => {
    const lanes = openSmtpLanes(options(), 1);
    try {
      for (const to of ['first@agora.test', 'second@agora.test']) {
        await lanes.send(
          await message(to, async () => {
            events.push(`handOver ${to}`);
          }),
        );
      }
    } finally {
      lanes.close();
    }
    expect(events).toEqual([
      'rcpt first@agora.test',
      'data first@agora.test',
      'handOver first@agora.test',
      'received first@agora.test',
      'rcpt second@agora.test',
      'data second@agora.test',
      'handOver second@agora.test',
      'received second@agora.test',
    ]);
  });

  it('never hands over a message whose recipient the server refused, answers with the server text, and the lane goes on', async () => {
    const lanes = openSmtpLanes(options(), 1);
    let handedOver = false;
    try {
      const refused = lanes.send(
        await message('refused@agora.test', async () => {
          handedOver = true;
        }),
      );
      await expect(refused).rejects.toThrow(/No such user here/);
      expect(handedOver).toBe(false);
      await lanes.send(await message('after@agora.test'));
    } finally {
      lanes.close();
    }
    expect(received).toEqual(['after@agora.test']);
  });

  it('leaves the server without the message when the hand-over fails (no final dot)', async () => {
    const lanes = openSmtpLanes(options(), 1);
    try {
      const failed = lanes.send(
        await message('held@agora.test', async () => {
          throw new Error('no longer ours');
        }),
      );
      await expect(failed).rejects.toThrow('no longer ours');
      await lanes.send(await message('next@agora.test'));
    } finally {
      lanes.close();
    }
    expect(received).toEqual(['next@agora.test']);
  });

  it('sends again on a new connection when a kept one was dropped while idle, exactly once', async () => {
    const lanes = openSmtpLanes(options(), 1);
    try {
      await lanes.send(await message('one@agora.test'));
      for (const socket of sockets.splice(0)) socket.destroy();
      await lanes.send(await message('two@agora.test'));
    } finally {
      lanes.close();
    }
    expect(received).toEqual(['one@agora.test', 'two@agora.test']);
  });

  it('carries messages on several connections at once', async () => {
    sockets.length = 0;
    const lanes = openSmtpLanes(options(), 3);
    const recipients = Array.from({ length: 9 }, (_, i) => `many${i}@agora.test`);
    try {
      await Promise.all(recipients.map(async (to) => lanes.send(await message(to))));
    } finally {
      lanes.close();
    }
    expect([...received].sort()).toEqual([...recipients].sort());
    expect(sockets).toHaveLength(3);
  });
});
