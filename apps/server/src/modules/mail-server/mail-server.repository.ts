import type { MailSender } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { CustomSender } from '../../platform/mail/mailer.ts';
import type { MailServersTable } from './mail-server.tables.ts';

export type MailServerRow = Omit<MailServersTable, 'updated_at'> & { updated_at: Date };

export interface MailServerValues {
  host: string;
  port: number | null;
  use_tls: boolean;
  use_ssl: boolean;
  username: string;
  password_sealed: string | null;
  from_email: string;
  from_name: string;
  sender: MailSender;
}

export async function findMailServer(db: Db, stackId: number): Promise<MailServerRow | undefined> {
  return db.selectFrom('mail_servers').selectAll().where('stack_id', '=', stackId).executeTakeFirst();
}

export async function saveMailServer(db: Db, stackId: number, values: MailServerValues, now: Date) {
  await db
    .insertInto('mail_servers')
    .values({ stack_id: stackId, ...values, updated_at: now })
    .onConflict((oc) => oc.column('stack_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}

/** Whether the community sends its mail through its own SMTP server. */
export async function hasCustomMailServer(db: Db, stackId: number): Promise<boolean> {
  const row = await db
    .selectFrom('mail_servers')
    .select('stack_id')
    .where('stack_id', '=', stackId)
    .where('sender', '=', 'custom')
    .where('host', '<>', '')
    .executeTakeFirst();
  return row !== undefined;
}

/** The community's own SMTP server with its password unsealed, when it chose the custom sender. */
export async function customSenderOf(
  db: Db,
  secretBox: SecretBox,
  stackId: number,
): Promise<CustomSender | undefined> {
  const row = await findMailServer(db, stackId);
  if (!row || row.sender !== 'custom' || row.host === '') return undefined;
  return {
    host: row.host,
    port: row.port,
    use_tls: row.use_tls,
    use_ssl: row.use_ssl,
    username: row.username,
    password: row.password_sealed ? secretBox.open(row.password_sealed) : '',
    from_email: row.from_email,
    from_name: row.from_name,
  };
}
