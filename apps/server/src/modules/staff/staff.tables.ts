import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Attributes of a staff member (role lives in community_users.role). */
export interface StaffAttributesTable {
  stack_id: number;
  user_id: number;
  badge: boolean;
  prioritize_content: boolean;
  disable_notifications: boolean;
  gdpr_data_manager: boolean;
  gdpr_document_signed: boolean;
  updated_at: Timestamp;
  updated_by: number | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    staff_attributes: StaffAttributesTable;
  }
}
