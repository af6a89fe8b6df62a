import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A community's registration threshold (one row once saved). */
export interface RegistrationAlertSettingsTable {
  stack_id: number;
  active: boolean;
  span: string;
  date_from: string | null;
  date_to: string | null;
  threshold: number;
  recipients: ColumnType<string[], string, string>;
  block: boolean;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** A level of a window already dealt with; `mailed` is false when a higher level's mail covered it. */
export interface RegistrationAlertsSentTable {
  stack_id: number;
  window_key: string;
  level: number;
  registrations: number;
  threshold: number;
  mailed: boolean;
  sent_at: Timestamp;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    registration_alert_settings: RegistrationAlertSettingsTable;
    registration_alerts_sent: RegistrationAlertsSentTable;
  }
}
