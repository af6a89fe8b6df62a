import { PassThrough } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

/*
 * SMTP connections driven one message at a time, so that a sender knows the moment the server
 * answered 354 to DATA (ADR 0024): nodemailer's transports read a message stream whenever it suits
 * them (before MAIL FROM on a fresh connection), so its hand-over could be recorded before the server
 * had even accepted the recipients. Here a message's body is only given to the connection once the
 * connection asks for it, which SMTPConnection does right after the 354.
 */

export interface LaneMessage {
  envelope: { from: string; to: string[] };
  /** The composed message (headers and body), Message-ID included. */
  raw: Buffer;
  /** Awaited after the server's 354, with the whole message written, before the final dot. */
  handOver?: () => Promise<void>;
}

export interface LaneAnswer {
  messageId: string;
  response: string;
}

/** A message body that tells when the connection starts reading it (it pipes it after the 354). */
class DataPhaseBody extends PassThrough {
  private opened: () => void = () => {};
  readonly dataPhase = new Promise<void>((resolve) => {
    this.opened = resolve;
  });

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const piped = super.pipe(destination, options);
    this.opened();
    return piped;
  }
}

/** The message as it goes on the wire, and its Message-ID (generated when the content has none). */
export async function composeRaw(content: Mail.Options): Promise<{ raw: Buffer; messageId: string }> {
  const node = new MailComposer(content).compile();
  return { raw: await node.build(), messageId: node.messageId() };
}

function credentialsOf(options: SMTPTransport.Options) {
  const auth = options.auth as { user?: string; pass?: string } | undefined;
  if (!auth?.user) return undefined;
  return { credentials: { user: auth.user, pass: auth.pass ?? '' } };
}

/** Connects (STARTTLS as the options say) and logs in when the server offers AUTH. */
async function openConnection(options: SMTPTransport.Options): Promise<SMTPConnection> {
  const connection = new SMTPConnection(options as SMTPConnection.Options);
  let failure: Error | undefined;
  // Kept for the connection's life: a late socket error is never an unhandled 'error' event.
  connection.on('error', (error) => (failure = error));
  await new Promise<void>((resolve, reject) => {
    connection.once('end', () => reject(failure ?? new Error('The SMTP server closed the connection.')));
    connection.connect((error) => (error ? reject(error) : resolve()));
  });
  const auth = credentialsOf(options);
  if (auth && (connection as unknown as { allowsAuth?: boolean }).allowsAuth) {
    await new Promise<void>((resolve, reject) =>
      connection.login(auth as SMTPConnection.AuthenticationCredentials, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }
  return connection;
}

/** A send that ended before the server's 354: not a byte of the message left. */
class BeforeDataError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** The connection itself failed (not a refusal of this message by the server). */
function droppedConnection(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ECONNECTION' || code === 'ESOCKET' || code === 'ETIMEDOUT';
}

/** One message through an open connection; the hand-over runs between the 354 and the final dot. */
async function sendOn(connection: SMTPConnection, message: LaneMessage): Promise<string> {
  const body = new DataPhaseBody();
  let ended = false;
  const sent = new Promise<string>((resolve, reject) =>
    connection.send(message.envelope, body, (error, info) => {
      ended = true;
      if (error) reject(error);
      else resolve(String(info.response ?? ''));
    }),
  );
  // The envelope refused (or the connection lost) ends the send before any data phase.
  await Promise.race([body.dataPhase, sent.catch(() => undefined)]);
  if (ended) {
    try {
      return await sent;
    } catch (error) {
      throw new BeforeDataError(error);
    }
  }
  body.write(message.raw);
  try {
    await message.handOver?.();
  } catch (error) {
    // No final dot: the server discards what it received when the connection goes (a closed
    // connection forgets its send in flight, so `sent` is not awaited).
    sent.catch(() => undefined);
    connection.close();
    throw error;
  }
  body.end();
  return sent;
}

/**
 * Up to `lanes` connections to one server, each carrying one message at a time and reused for the
 * next; a connection that failed is dropped and the lane opens a new one for its next message.
 */
export function openSmtpLanes(options: SMTPTransport.Options, lanes: number) {
  const idle: Array<SMTPConnection | null> = Array.from({ length: Math.max(1, lanes) }, () => null);
  const waiting: Array<(slot: SMTPConnection | null) => void> = [];
  const open = new Set<SMTPConnection>();
  let closed = false;

  function take(): Promise<SMTPConnection | null> {
    if (idle.length > 0) return Promise.resolve(idle.pop() ?? null);
    return new Promise((resolve) => waiting.push(resolve));
  }

  function give(connection: SMTPConnection | null): void {
    const usable = connection && !connection.destroyed && !closed ? connection : null;
    if (connection && !usable) open.delete(connection);
    const next = waiting.shift();
    if (next) next(usable);
    else idle.push(usable);
  }

  async function fresh(): Promise<SMTPConnection> {
    const connection = await openConnection(options);
    open.add(connection);
    connection.on('end', () => open.delete(connection));
    return connection;
  }

  return {
    async send(message: LaneMessage): Promise<string> {
      if (closed) throw new Error('This SMTP session is closed.');
      let connection = await take();
      try {
        const reused = connection !== null && !connection.destroyed;
        if (!reused) connection = await fresh();
        try {
          const response = await sendOn(connection!, message);
          give(connection);
          return response;
        } catch (error) {
          // A kept connection the server dropped meanwhile: nothing left, so once more on a new one.
          if (!(reused && error instanceof BeforeDataError && droppedConnection(error.cause))) throw error;
          connection!.close();
          connection = await fresh();
          const response = await sendOn(connection, message);
          give(connection);
          return response;
        }
      } catch (error) {
        connection?.close();
        give(null);
        throw error instanceof BeforeDataError ? error.cause : error;
      }
    },
    close(): void {
      closed = true;
      for (const connection of open) connection.quit();
      open.clear();
    },
  };
}
