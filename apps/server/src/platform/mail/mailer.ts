import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import type {} from './mail.tables.ts';
import {
  SmtpError,
  openSmtpSession,
  sendThroughSmtp,
  smtpUrlOptions,
  type SmtpMessage,
  type SmtpSettings,
} from './smtp-transport.ts';
import { checkedSmtpOptions, smtpAllowance } from './smtp-destination.ts';
import { OutboundRefusedError } from '../net/outbound-host.ts';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** The Message-ID header to send, when the caller keeps it (ADR 0024). */
  messageId?: string;
  /** More headers (e.g. RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post`). */
  headers?: Record<string, string>;
  /** Awaited just before the server may accept the message (see `SmtpMessage.handOver`). */
  handOver?: () => Promise<void>;
}

export interface Mailer {
  send(stackId: number | null, mail: OutgoingMail): Promise<{ messageId: string; response: string }>;
  /**
   * For bulk senders: the community's route resolved once and its SMTP connections kept open and
   * reused (up to `connections` at once) until `close()`. A test fake may leave it out.
   */
  session?(stackId: number | null, options?: { connections?: number }): Promise<MailSession>;
}

export interface MailSession {
  send(mail: OutgoingMail): Promise<{ messageId: string; response: string }>;
  close(): void;
}

/** A session of the mailer, or (when it has none) one that sends each mail on its own. */
export async function openMailSession(
  mailer: Mailer,
  stackId: number | null,
  options?: { connections?: number },
): Promise<MailSession> {
  if (mailer.session) return mailer.session(stackId, options);
  return { send: (mail) => mailer.send(stackId, mail), close: () => {} };
}

/** A community's own SMTP server (password unsealed) and sender, when it chose the custom sender. */
export type CustomSender = SmtpSettings & { from_email: string; from_name: string };

export interface MailerDeps {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'smtpAllowPrivate' | 'smtpAllowedHosts'>;
  /** The community's own server, when it chose one (the mail-server module answers; wired in app-wiring). */
  customSender?(stackId: number): Promise<CustomSender | undefined>;
  logger?: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * Sends a community's mail through its own server when it chose the custom sender, otherwise
 * through the platform's (AGORA_SMTP_URL). With neither, the mail is kept in `mail_outbox` and
 * logged (recipients and subject only), so an install without SMTP never loses a message.
 */
export function createMailer({ db, config, customSender, logger }: MailerDeps): Mailer {
  /** Where a community's mail goes: SMTP options and sender, or undefined for the outbox. */
  async function routeOf(
    stackId: number | null,
  ): Promise<{ options: SMTPTransport.Options; from: SmtpMessage['from'] } | undefined> {
    const custom = stackId === null || !customSender ? undefined : await customSender(stackId);
    if (custom) {
      // The community chose this host: the same address check as its test email, before connecting.
      let options: SMTPTransport.Options;
      try {
        options = await checkedSmtpOptions(custom, smtpAllowance(config));
      } catch (error) {
        if (error instanceof OutboundRefusedError) throw new SmtpError(error.message, 'EREFUSEDHOST');
        throw error;
      }
      const from = custom.from_name
        ? { name: custom.from_name, address: custom.from_email }
        : custom.from_email;
      return { options, from };
    }
    if (config.smtpUrl) return { options: smtpUrlOptions(config.smtpUrl), from: config.mailFrom };
    return undefined;
  }

  async function keepInOutbox(stackId: number | null, mail: OutgoingMail) {
    await mail.handOver?.();
    const row = await db
      .insertInto('mail_outbox')
      .values({
        stack_id: stackId,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const messageId = `outbox:${Number(row.id)}`;
    logger?.info(
      { outboxId: Number(row.id), stackId, to: mail.to, subject: mail.subject },
      'no SMTP server configured: mail kept in the outbox',
    );
    return { messageId, response: 'Kept in the outbox (no SMTP server configured)' };
  }

  function checked(mail: OutgoingMail): void {
    if (mail.to.length === 0) throw new Error('A mail needs at least one recipient');
  }

  return {
    async send(stackId, mail) {
      checked(mail);
      const route = await routeOf(stackId);
      if (!route) return keepInOutbox(stackId, mail);
      return sendThroughSmtp(route.options, { from: route.from, ...mail });
    },

    async session(stackId, options = {}) {
      const route = await routeOf(stackId);
      if (!route) {
        return {
          send: (mail) => (checked(mail), keepInOutbox(stackId, mail)),
          close: () => {},
        };
      }
      const session = openSmtpSession(route.options, options.connections ?? 1);
      return {
        send: (mail) => (checked(mail), session.send({ from: route.from, ...mail })),
        close: () => session.close(),
      };
    },
  };
}
