import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

/** How to reach an SMTP server (spec mgmt §3 "Email server", without the sender fields). */
export interface SmtpSettings {
  host: string;
  port: number | null;
  /** STARTTLS after connecting (required when on; never tried when off). */
  use_tls: boolean;
  /** TLS from the first byte. */
  use_ssl: boolean;
  username: string;
  password: string;
}

export interface SmtpMessage {
  from: string | { name: string; address: string };
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

/** Every network step (DNS, connect, greeting, each command) gives up after this long. */
export const SMTP_TIMEOUT_MS = 10_000;

const timeouts = {
  connectionTimeout: SMTP_TIMEOUT_MS,
  greetingTimeout: SMTP_TIMEOUT_MS,
  socketTimeout: SMTP_TIMEOUT_MS,
  dnsTimeout: SMTP_TIMEOUT_MS,
};

export function smtpTransportOptions(settings: SmtpSettings): SMTPTransport.Options {
  return {
    host: settings.host,
    port: settings.port ?? (settings.use_ssl ? 465 : 25),
    secure: settings.use_ssl,
    requireTLS: settings.use_tls,
    ignoreTLS: !settings.use_tls && !settings.use_ssl,
    ...(settings.username ? { auth: { user: settings.username, pass: settings.password } } : {}),
    ...timeouts,
    logger: false,
    debug: false,
  };
}

/** The platform's default sender from AGORA_SMTP_URL (`smtp://user:pass@host:port`, `smtps://` for TLS). */
export function smtpUrlOptions(url: string): SMTPTransport.Options {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const username = decodeURIComponent(parsed.username);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 25,
    secure,
    ...(username ? { auth: { user: username, pass: decodeURIComponent(parsed.password) } } : {}),
    ...timeouts,
    logger: false,
    debug: false,
  };
}

/** A refusal or failure of an SMTP server; the message is the server's (or the network's) own text. */
export class SmtpError extends Error {
  constructor(
    message: string,
    readonly smtpCode: string | undefined,
  ) {
    super(message);
    this.name = 'SmtpError';
  }
}

function smtpErrorOf(error: unknown, secrets: string[]): SmtpError {
  const raw = error instanceof Error ? error.message : String(error);
  // Never echo a credential back, whatever the server or library put in the text.
  const text = secrets.filter(Boolean).reduce((acc, secret) => acc.split(secret).join('***'), raw);
  const code = (error as { code?: unknown }).code;
  return new SmtpError(
    text || 'The SMTP server did not answer.',
    typeof code === 'string' ? code : undefined,
  );
}

/**
 * Sends one message through the given server. With `verify`, the connection and login are checked
 * first (a separate session), as the test email of the settings screen does.
 */
export async function sendThroughSmtp(
  options: SMTPTransport.Options,
  message: SmtpMessage,
  { verify = false }: { verify?: boolean } = {},
): Promise<{ messageId: string; response: string }> {
  const transporter = nodemailer.createTransport(options);
  const secrets = [options.auth && 'pass' in options.auth ? String(options.auth.pass ?? '') : ''];
  try {
    if (verify) await transporter.verify();
    const info = await transporter.sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
    return { messageId: info.messageId, response: info.response };
  } catch (error) {
    throw smtpErrorOf(error, secrets);
  } finally {
    transporter.close();
  }
}
