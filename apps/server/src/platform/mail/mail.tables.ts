import type { ColumnType, Generated } from 'kysely';

export interface MailOutboxTable {
  stack_id: number | null;
  id: Generated<number>;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

declare module '../db/schema.ts' {
  interface Database {
    mail_outbox: MailOutboxTable;
  }
}
