import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The login the client used, when it authenticated. */
  user: string | undefined;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** Every connection opened, accepted or not (a refusal "before connecting" leaves it at 0). */
  connections: number;
  /** Every login tried, with the password as the client sent it. */
  logins: Array<{ username: string; password: string }>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 and an ephemeral port, for tests: plain text (no STARTTLS),
 * login optional, and when `users` is given a login must match one of them.
 */
export async function startTestSmtpServer(
  options: { users?: Record<string, string> } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const logins: TestSmtpServer['logins'] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS of 127.0.0.1 per connection (about 100 ms each here): tests send many mails.
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      const expected = options.users?.[auth.username ?? ''];
      if (expected !== undefined && expected === auth.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // Counted at the TCP level: any connection at all, before any SMTP greeting.
  server.server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    get connections() {
      return connections;
    },
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
