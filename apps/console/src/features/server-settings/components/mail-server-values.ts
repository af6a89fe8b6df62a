import type { MailSender, MailServer } from '@agora/contract';

/**
 * What the mail-server form edits, shared by the form and its test dialog (which sends the unsaved
 * values), so neither imports the other.
 */
export interface MailServerValues {
  sender: MailSender;
  host: string;
  port: string;
  use_tls: boolean;
  use_ssl: boolean;
  username: string;
  password: string;
  from_email: string;
  from_name: string;
}

export function mailServerValuesOf(server: MailServer): MailServerValues {
  return {
    sender: server.sender,
    host: server.host,
    port: server.port === null ? '' : String(server.port),
    use_tls: server.use_tls,
    use_ssl: server.use_ssl,
    username: server.username,
    password: '',
    from_email: server.from_email,
    from_name: server.from_name,
  };
}

export const EMPTY_MAIL_SERVER_VALUES: MailServerValues = {
  sender: 'default',
  host: '',
  port: '',
  use_tls: false,
  use_ssl: false,
  username: '',
  password: '',
  from_email: '',
  from_name: '',
};
