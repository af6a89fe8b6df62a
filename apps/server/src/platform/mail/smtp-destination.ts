import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Config } from '../config/config.ts';
import { checkOutboundHost, type HostLookup, type OutboundAllowance } from '../net/outbound-host.ts';
import { smtpTransportOptions, type SmtpSettings } from './smtp-transport.ts';

/** The operator's allowance for SMTP servers chosen by a community (AGORA_SMTP_ALLOW_PRIVATE / _HOSTS). */
export function smtpAllowance(
  config: Pick<Config, 'smtpAllowPrivate' | 'smtpAllowedHosts'>,
): OutboundAllowance {
  return { allowPrivate: config.smtpAllowPrivate, allowedHosts: config.smtpAllowedHosts };
}

/**
 * Transport options for a server a community chose: the host is resolved once, every address it
 * resolves to is checked against the allowance, and the connection goes to the checked address (the
 * name is kept for TLS: SNI and the certificate check). Throws OutboundRefusedError before connecting.
 */
export async function checkedSmtpOptions(
  settings: SmtpSettings,
  allowance: OutboundAllowance,
  lookup?: HostLookup,
): Promise<SMTPTransport.Options> {
  const checked = await checkOutboundHost(settings.host, allowance, lookup);
  const options = smtpTransportOptions({ ...settings, host: checked.address });
  return checked.servername ? { ...options, tls: { servername: checked.servername } } : options;
}
