import { z } from 'zod';
import { errorEntry } from '../error-envelope.ts';
import {
  INVALID_EMAIL_MESSAGE,
  REQUIRED_MESSAGE,
  ServerSettingsErrorCode,
  isEmailAddress,
  readBoolean,
  type CheckResult,
  type ServerSettingsErrorEntry,
} from './server-settings-errors.ts';

/** Who sends a community's email: the platform's own server, or the community's SMTP server. */
export const MAIL_SENDERS = ['default', 'custom'] as const;
export type MailSender = (typeof MAIL_SENDERS)[number];

/** Spec mgmt §9: the port field's placeholder. */
export const DEFAULT_SMTP_PORT = 25;

/**
 * A community's email server (spec mgmt §3). The password is never answered: `has_password` says
 * whether one is stored.
 */
export const mailServerSchema = z.object({
  host: z.string(),
  port: z.number().int().nullable(),
  use_tls: z.boolean().describe('STARTTLS after connecting'),
  use_ssl: z.boolean().describe('TLS from the first byte (usually port 465)'),
  username: z.string(),
  has_password: z.boolean(),
  from_email: z.string(),
  from_name: z.string(),
  sender: z.enum(MAIL_SENDERS),
});
export type MailServer = z.infer<typeof mailServerSchema>;

const flag = z.union([z.boolean(), z.string().max(5)]);

/** What the form sends (JSON or form text); `checkMailServer` holds the rules. */
export const mailServerBodySchema = z.object({
  host: z.string().max(255).optional(),
  port: z.union([z.number(), z.string().max(10)]).optional(),
  use_tls: flag.optional(),
  use_ssl: flag.optional(),
  username: z.string().max(255).optional(),
  password: z.string().max(500).optional().describe('Empty keeps the stored password'),
  from_email: z.string().max(254).optional(),
  from_name: z.string().max(100).optional(),
  sender: z.string().max(20).optional(),
});
export type MailServerBody = z.infer<typeof mailServerBodySchema>;

/** A test email: the recipient, and optionally the settings to try (the stored ones otherwise). */
export const mailServerTestBodySchema = mailServerBodySchema.extend({ to: z.string().max(254) });
export type MailServerTestBody = z.infer<typeof mailServerTestBodySchema>;

export const mailServerTestResultSchema = z.object({
  response: z.string().describe("The SMTP server's answer to the message"),
  message: z.string(),
});
export type MailServerTestResult = z.infer<typeof mailServerTestResultSchema>;

/** Checked settings; `password` empty means "keep the stored one". */
export interface MailServerInput {
  host: string;
  port: number | null;
  use_tls: boolean;
  use_ssl: boolean;
  username: string;
  password: string;
  from_email: string;
  from_name: string;
  sender: MailSender;
}

export const INVALID_HOST_MESSAGE = 'Enter a valid host name or IP address.';
export const INVALID_PORT_MESSAGE = 'Enter a port between 1 and 65535.';
export const TLS_AND_SSL_MESSAGE = 'TLS and SSL cannot both be on: choose one.';
export const INVALID_SENDER_MESSAGE = 'Choose the default or the custom sender.';

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const IPV6 = /^\[?[0-9a-f:.]+\]?$/i;

export function isValidHost(host: string): boolean {
  return host.length <= 253 && (HOST.test(host) || (host.includes(':') && IPV6.test(host)));
}

function readPort(raw: unknown): number | null | undefined {
  if (raw === undefined || raw === null || raw === '') return null;
  const text = String(raw).trim();
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : undefined;
}

/** The rules of the email server form, shared by the console and the server. */
export function checkMailServer(body: MailServerBody): CheckResult<MailServerInput> {
  const errors: ServerSettingsErrorEntry[] = [];
  const sender = (body.sender ?? '').trim() || 'default';
  if (!(MAIL_SENDERS as readonly string[]).includes(sender)) {
    errors.push(errorEntry(ServerSettingsErrorCode.invalid, INVALID_SENDER_MESSAGE, 'sender'));
  }
  const custom = sender === 'custom';
  const host = (body.host ?? '').trim();
  if (host === '' && custom)
    errors.push(errorEntry(ServerSettingsErrorCode.required, REQUIRED_MESSAGE, 'host'));
  else if (host !== '' && !isValidHost(host)) {
    errors.push(errorEntry(ServerSettingsErrorCode.invalidHost, INVALID_HOST_MESSAGE, 'host'));
  }
  const port = readPort(body.port);
  if (port === undefined) {
    errors.push(errorEntry(ServerSettingsErrorCode.invalidPort, INVALID_PORT_MESSAGE, 'port'));
  } else if (port === null && custom) {
    errors.push(errorEntry(ServerSettingsErrorCode.required, REQUIRED_MESSAGE, 'port'));
  }
  const useTls = readBoolean(body.use_tls) ?? false;
  const useSsl = readBoolean(body.use_ssl) ?? false;
  if (useTls && useSsl) {
    errors.push(errorEntry(ServerSettingsErrorCode.tlsAndSsl, TLS_AND_SSL_MESSAGE, 'use_ssl'));
  }
  const fromEmail = (body.from_email ?? '').trim();
  if (fromEmail === '' && custom) {
    errors.push(errorEntry(ServerSettingsErrorCode.required, REQUIRED_MESSAGE, 'from_email'));
  } else if (fromEmail !== '' && !isEmailAddress(fromEmail)) {
    errors.push(errorEntry(ServerSettingsErrorCode.invalidEmail, INVALID_EMAIL_MESSAGE, 'from_email'));
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      host,
      port: port ?? null,
      use_tls: useTls,
      use_ssl: useSsl,
      username: (body.username ?? '').trim(),
      password: body.password ?? '',
      from_email: fromEmail,
      from_name: (body.from_name ?? '').trim(),
      sender: sender as MailSender,
    },
  };
}

/** The recipient of a test email. */
export function checkTestRecipient(raw: string | undefined): CheckResult<string> {
  const to = (raw ?? '').trim();
  if (to === '')
    return { ok: false, errors: [errorEntry(ServerSettingsErrorCode.required, REQUIRED_MESSAGE, 'to')] };
  if (!isEmailAddress(to)) {
    return {
      ok: false,
      errors: [errorEntry(ServerSettingsErrorCode.invalidEmail, INVALID_EMAIL_MESSAGE, 'to')],
    };
  }
  return { ok: true, value: to };
}

/**
 * Whether the community can send email now, and through which server: its own (`custom`), the
 * deployment's (`platform`), or none — then nothing the product would email is sent, and the console
 * says so instead of promising an email.
 */
export const MAIL_SENDING_ROUTES = ['custom', 'platform', 'none'] as const;
export const mailSendingSchema = z.object({ sender: z.enum(MAIL_SENDING_ROUTES) });
export type MailSending = z.infer<typeof mailSendingSchema>;

export const mailServerPaths = {
  /** Relative to a stack's internal_url. */
  mailServer: '/platform/api/v1/mail_server/',
  test: '/platform/api/v1/mail_server/test/',
  sending: '/platform/api/v1/mail_server/sending/',
} as const;
