import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Kysely types of the email sending tables (migration 0031, ADR 0024), owned by this module. */
export interface EmailSendTasksTable {
  stack_id: number;
  id: Generated<number>;
  requested_by: number | null;
  requested_by_username: string;
  subject: string;
  html: string;
  template_key: 'invite' | 'data_provisioning' | null;
  status: 'running' | 'done';
  total: number;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export type DeliveryState = 'queued' | 'sending' | 'sent' | 'failed';

export interface EmailDeliveriesTable {
  stack_id: number;
  id: Generated<number>;
  task_id: number;
  user_id: number;
  username: string;
  email: string;
  message_id: string;
  status: DeliveryState;
  attempts: Generated<number>;
  claimed_by: string | null;
  claimed_at: Timestamp | null;
  handed_over_at: Timestamp | null;
  answer: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    email_send_tasks: EmailSendTasksTable;
    email_deliveries: EmailDeliveriesTable;
  }
}
