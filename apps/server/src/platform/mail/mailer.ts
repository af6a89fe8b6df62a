import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import type {} from './mail.tables.ts';
import {
  SmtpError,
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
}

export interface Mailer {
  send(stackId: number | null, mail: OutgoingMail): Promise<{ messageId: string; response: string }>;
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
  return {
    async send(stackId, mail) {
      if (mail.to.length === 0) throw new Error('A mail needs at least one recipient');
      let options: SMTPTransport.Options | undefined;
      let from: SmtpMessage['from'] = config.mailFrom;
      const custom = stackId === null || !customSender ? undefined : await customSender(stackId);
      if (custom) {
        // The community chose this host: the same address check as its test email, before connecting.
        try {
          options = await checkedSmtpOptions(custom, smtpAllowance(config));
        } catch (error) {
          if (error instanceof OutboundRefusedError) throw new SmtpError(error.message, 'EREFUSEDHOST');
          throw error;
        }
        from = custom.from_name ? { name: custom.from_name, address: custom.from_email } : custom.from_email;
      } else if (config.smtpUrl) {
        options = smtpUrlOptions(config.smtpUrl);
      }
      if (!options) {
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
      return sendThroughSmtp(options, { from, ...mail });
    },
  };
}
