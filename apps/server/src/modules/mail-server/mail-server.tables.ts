import type { ColumnType } from 'kysely';

export interface MailServersTable {
  stack_id: number;
  host: string;
  port: number | null;
  use_tls: boolean;
  use_ssl: boolean;
  username: string;
  password_sealed: string | null;
  from_email: string;
  from_name: string;
  sender: 'default' | 'custom';
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    mail_servers: MailServersTable;
  }
}
