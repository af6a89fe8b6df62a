import type { ColumnType, Generated } from 'kysely';
import type { EmailFooterLink, EmailSection, StaffRole } from '@agora/contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Kysely types of the email manager's tables (migrations 0030, 0039), owned by this module. */
export interface EmailThemesTable {
  stack_id: number;
  id: Generated<number>;
  shipped: Generated<boolean>;
  name: string;
  html: string;
  is_default: Generated<boolean>;
  updated_at: Timestamp;
  updated_by: string | null;
}
export interface EmailTemplatesTable {
  stack_id: number;
  id: Generated<number>;
  key: string | null;
  name: string;
  type: 'system' | 'invite' | 'data_provisioning';
  theme_id: number | null;
  subject_en: string;
  subject_it: string;
  html_en: string;
  html_it: string;
  active: Generated<boolean>;
  footer_links: ColumnType<EmailFooterLink[], string | undefined, string>;
  /** Migration 0039: named blocks the body includes with `{{> name}}`. */
  sections: ColumnType<EmailSection[], string | undefined, string>;
  /** Migration 0039: a staff notification's roles; null keeps the shipped default. */
  roles: ColumnType<StaffRole[] | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
  updated_by: string | null;
}
/** Migration 0039: a community's email settings (its default email language). */
export interface EmailSettingsTable {
  stack_id: number;
  default_language: 'en' | 'it';
  updated_at: Timestamp;
  updated_by: string | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    email_themes: EmailThemesTable;
    email_templates: EmailTemplatesTable;
    email_settings: EmailSettingsTable;
  }
}
