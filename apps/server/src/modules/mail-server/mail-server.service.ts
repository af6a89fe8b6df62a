import {
  type MailSending,
  checkMailServer,
  checkTestRecipient,
  DEFAULT_SMTP_PORT,
  EMAIL_SENT_MESSAGE,
  REQUIRED_MESSAGE,
  ServerSettingsErrorCode,
  type MailServer,
  type MailServerBody,
  type MailServerTestBody,
  type MailServerTestResult,
} from '@agora/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError, errorEntry, type AppErrorEntry } from '../../platform/errors/app-error.ts';
import { SmtpError, sendThroughSmtp } from '../../platform/mail/smtp-transport.ts';
import { checkedSmtpOptions, smtpAllowance } from '../../platform/mail/smtp-destination.ts';
import { OutboundRefusedError } from '../../platform/net/outbound-host.ts';
import { takeRateLimit, type RateLimit } from '../../platform/http/rate-limit.ts';
import { assertStackOnline, changeAndRestart } from '../domain-settings/stack-restart.service.ts';
import { recipientLocale, renderEmail } from '../email-manager/email-manager.service.ts';
import * as repo from './mail-server.repository.ts';

const EMPTY: MailServer = {
  host: '',
  port: null,
  use_tls: false,
  use_ssl: false,
  username: '',
  has_password: false,
  from_email: '',
  from_name: '',
  sender: 'default',
};

function toAnswer(row: repo.MailServerRow | repo.MailServerValues | undefined): MailServer {
  if (!row) return EMPTY;
  return {
    host: row.host,
    port: row.port,
    use_tls: row.use_tls,
    use_ssl: row.use_ssl,
    username: row.username,
    has_password: row.password_sealed !== null,
    from_email: row.from_email,
    from_name: row.from_name,
    sender: row.sender,
  };
}

const COMPARED = [
  'host',
  'port',
  'use_tls',
  'use_ssl',
  'username',
  'from_email',
  'from_name',
  'sender',
] as const;

/** Test emails per community: a few a minute (counted in the database, across processes). */
export const TEST_EMAIL_LIMIT: RateLimit = { bucket: 'mail_server_test', limit: 5, windowSeconds: 60 };
const TEST_EMAIL_LIMITED_MESSAGE = 'Too many test emails for this community. Try again in a minute.';
export const HOST_NOT_ALLOWED_MESSAGE =
  'This server may not connect to that host (a loopback, private, link-local or reserved address).';
export const STORED_PASSWORD_ELSEWHERE_MESSAGE =
  'Type the password: the stored one is only sent to the stored server, port and username.';

/**
 * Where the stored password may go: the stored host, port, username and transport security. Any
 * other destination (or a downgrade from TLS to plain text) must be given its password explicitly.
 */
function sameDestination(
  stored: repo.MailServerRow,
  given: { host: string; port: number | null; username: string; use_tls: boolean; use_ssl: boolean },
): boolean {
  const portOf = (s: { port: number | null; use_ssl: boolean }) =>
    s.port ?? (s.use_ssl ? 465 : DEFAULT_SMTP_PORT);
  return (
    stored.host.trim().toLowerCase() === given.host.trim().toLowerCase() &&
    portOf(stored) === portOf(given) &&
    stored.username === given.username &&
    stored.use_tls === given.use_tls &&
    stored.use_ssl === given.use_ssl
  );
}

/** A community's email server (spec mgmt §2, §3): saving restarts the community; a test email checks it. */
/** Whether the deployment itself has an SMTP server for communities without their own. */
export function platformMailConfigured(config: Pick<Config, 'smtpUrl'>): boolean {
  return Boolean(config.smtpUrl);
}

/** Which server the community's email leaves through now: its own, the deployment's, or none. */
export async function mailSenderOf(
  db: Db,
  config: Pick<Config, 'smtpUrl'>,
  stackId: number,
): Promise<MailSending['sender']> {
  if (await repo.hasCustomMailServer(db, stackId)) return 'custom';
  return platformMailConfigured(config) ? 'platform' : 'none';
}

export function createMailServerService(deps: PlatformDeps) {
  const { db, clock, secretBox } = deps;
  const allowance = smtpAllowance(deps.config);

  return {
    async sending(stackId: number): Promise<MailSending> {
      return { sender: await mailSenderOf(db, deps.config, stackId) };
    },

    async get(stackId: number): Promise<MailServer> {
      return toAnswer(await repo.findMailServer(db, stackId));
    },

    async update(stackId: number, body: MailServerBody): Promise<MailServer> {
      await assertStackOnline(db, stackId);
      const check = checkMailServer(body);
      if (!check.ok) throw new AppError(400, check.errors);
      const input = check.value;
      const current = await repo.findMailServer(db, stackId);
      // An empty password keeps the stored one; without a username no password is kept.
      const passwordSealed = !input.username
        ? null
        : input.password
          ? secretBox.seal(input.password)
          : (current?.password_sealed ?? null);
      const values: repo.MailServerValues = {
        host: input.host,
        port: input.port,
        use_tls: input.use_tls,
        use_ssl: input.use_ssl,
        username: input.username,
        password_sealed: passwordSealed,
        from_email: input.from_email,
        from_name: input.from_name,
        sender: input.sender,
      };
      const unchanged =
        current !== undefined &&
        COMPARED.every((field) => current[field] === values[field]) &&
        current.password_sealed === passwordSealed;
      if (unchanged || (current === undefined && isEmptyDefault(values))) return toAnswer(current);
      await changeAndRestart(deps, stackId, (trx) => repo.saveMailServer(trx, stackId, values, clock.now()));
      return toAnswer(values);
    },

    /**
     * Connects to the given settings (the stored ones when no host is given), checks the login and
     * sends a test message. The server's refusal comes back as `smtp_error` with its own text.
     */
    async sendTest(
      stackId: number,
      body: MailServerTestBody,
      context: { communityName: string; log: Pick<FastifyBaseLogger, 'info'> },
    ): Promise<MailServerTestResult> {
      const errors: AppErrorEntry[] = [];
      const recipient = checkTestRecipient(body.to);
      if (!recipient.ok) errors.push(...recipient.errors);
      const stored = await repo.findMailServer(db, stackId);
      const given = (body.host ?? '').trim() !== '';
      let settings: ReturnType<typeof toSettings> | undefined;
      if (given) {
        const check = checkMailServer({ ...body, sender: 'custom' });
        if (check.ok) {
          let password = check.value.password;
          if (!password && check.value.username) {
            if (stored?.password_sealed && sameDestination(stored, check.value))
              password = secretBox.open(stored.password_sealed);
            else
              errors.push(
                errorEntry(
                  ServerSettingsErrorCode.passwordRequired,
                  STORED_PASSWORD_ELSEWHERE_MESSAGE,
                  'password',
                ),
              );
          }
          settings = toSettings({ ...check.value, password });
        } else errors.push(...check.errors);
      } else if (stored && stored.host !== '') {
        settings = toSettings({
          ...stored,
          password: stored.password_sealed ? secretBox.open(stored.password_sealed) : '',
        });
      } else {
        errors.push(errorEntry(ServerSettingsErrorCode.required, REQUIRED_MESSAGE, 'host'));
      }
      if (errors.length > 0 || !settings || !recipient.ok) throw new AppError(400, errors);
      await takeRateLimit(db, clock, TEST_EMAIL_LIMIT, String(stackId), TEST_EMAIL_LIMITED_MESSAGE);

      const logged = { stackId, host: settings.host, port: settings.port ?? DEFAULT_SMTP_PORT };
      let options;
      try {
        options = await checkedSmtpOptions(settings, allowance);
      } catch (error) {
        if (!(error instanceof OutboundRefusedError)) throw error;
        context.log.info(
          { ...logged, ok: false, refused: error.kind },
          'test email refused before connecting',
        );
        const message = error.kind === 'unresolved' ? error.message : HOST_NOT_ALLOWED_MESSAGE;
        throw AppError.of(400, ServerSettingsErrorCode.hostNotAllowed, message, 'host');
      }
      const mail = await renderEmail(
        db,
        stackId,
        'test_email',
        await recipientLocale(db, stackId, [recipient.value]),
        {
          community_name: context.communityName,
        },
      );
      try {
        const answer = await sendThroughSmtp(
          options,
          {
            from: settings.from_name
              ? { name: settings.from_name, address: settings.from_email }
              : settings.from_email,
            to: [recipient.value],
            ...mail,
          },
          { verify: true },
        );
        context.log.info({ ...logged, ok: true }, 'test email sent');
        return { response: answer.response, message: EMAIL_SENT_MESSAGE };
      } catch (error) {
        if (!(error instanceof SmtpError)) throw error;
        context.log.info({ ...logged, ok: false, smtpCode: error.smtpCode }, 'test email refused');
        throw AppError.of(400, ServerSettingsErrorCode.smtpError, error.message);
      }
    },
  };
}

function isEmptyDefault(values: repo.MailServerValues): boolean {
  return values.sender === 'default' && COMPARED.every((field) => values[field] === EMPTY[field]);
}

function toSettings(values: {
  host: string;
  port: number | null;
  use_tls: boolean;
  use_ssl: boolean;
  username: string;
  password: string;
  from_email: string;
  from_name: string;
}) {
  return {
    host: values.host,
    port: values.port,
    use_tls: values.use_tls,
    use_ssl: values.use_ssl,
    username: values.username,
    password: values.password,
    from_email: values.from_email,
    from_name: values.from_name,
  };
}
