import { z } from 'zod';

/** Time spans of the registration threshold (spec mgmt §3, §9). */
export const REGISTRATION_ALERT_SPANS = ['daily', 'weekly', 'monthly', 'forever', 'specific_dates'] as const;
export const registrationAlertSpanSchema = z.enum(REGISTRATION_ALERT_SPANS);
export type RegistrationAlertSpan = z.infer<typeof registrationAlertSpanSchema>;

/** Percentages of the threshold at which the recipients are warned, once each per window (spec mgmt §9). */
export const REGISTRATION_ALERT_LEVELS = [80, 90, 100] as const;
export type RegistrationAlertLevel = (typeof REGISTRATION_ALERT_LEVELS)[number];

export const REGISTRATION_ALERT_MAX_RECIPIENTS = 20;
export const REGISTRATION_ALERT_MAX_THRESHOLD = 10_000_000;

/** What the console shows when saving fails (spec mgmt §8). */
export const THRESHOLD_UPDATE_ERROR_MESSAGE = 'Error on update threshold';

export const REGISTRATION_ALERT_MESSAGES = {
  required: 'This field is required.',
  invalidEmail: 'Invalid email',
  tooManyRecipients: `Enter at most ${REGISTRATION_ALERT_MAX_RECIPIENTS} recipients.`,
  threshold: 'Enter a whole number greater than zero.',
  span: 'Choose daily, weekly, monthly, forever or specific dates.',
  date: 'Enter a date as YYYY-MM-DD.',
  dateOrder: 'The end date must be after the start date.',
  boolean: 'Enter true or false.',
} as const;

/** The stored settings of a community's registration threshold. */
export const registrationAlertSettingsSchema = z.object({
  active: z.boolean(),
  span: registrationAlertSpanSchema,
  date_from: z.string().nullable().describe('First day (YYYY-MM-DD) with span specific_dates'),
  date_to: z.string().nullable().describe('Last day (YYYY-MM-DD) with span specific_dates'),
  threshold: z.number().int(),
  recipients: z.array(z.string()),
  block: z.boolean().describe('Refuse new registrations once the threshold is reached'),
});
export type RegistrationAlertSettings = z.infer<typeof registrationAlertSettingsSchema>;

/** `registration_alerts/get/`: the settings and where the current window stands. */
export const registrationAlertStateSchema = registrationAlertSettingsSchema.extend({
  count: z.number().int().describe('Registrations in the current window'),
  percent: z.number().int().describe('count × 100 / threshold, rounded down'),
  window_from: z.string().nullable().describe('Start of the current window (ISO); null for forever'),
  window_to: z.string().nullable().describe('End of the current window, excluded (ISO); null for forever'),
  levels_sent: z.array(z.number().int()).describe('Levels already notified in this window'),
  registrations_blocked: z.boolean(),
});
export type RegistrationAlertState = z.infer<typeof registrationAlertStateSchema>;

const boolish = z.union([z.boolean(), z.string()]);

/** `registration_alerts/update/` (JSON or form): checked field by field by `checkRegistrationAlertInput`. */
export const registrationAlertUpdateBodySchema = z.object({
  active: boolish.optional(),
  span: z.string().optional(),
  date_from: z.string().nullable().optional(),
  date_to: z.string().nullable().optional(),
  threshold: z.union([z.number(), z.string()]).optional(),
  recipients: z
    .union([z.array(z.string()), z.string()])
    .optional()
    .describe('A list, or one string with addresses separated by commas, semicolons or new lines'),
  block: boolish.optional(),
});
export type RegistrationAlertUpdateBody = z.infer<typeof registrationAlertUpdateBodySchema>;

/** Error codes of registration alerts' refusals (besides the shared `required`, `invalid`). */
export const RegistrationAlertsErrorCode = {
  invalidEmail: 'invalid_email',
  /** Too many recipients. */
  tooMany: 'too_many',
  /** `date_to` before `date_from`. */
  dateOrder: 'date_order',
} as const;

export interface RegistrationAlertProblem {
  field: keyof RegistrationAlertSettings;
  /** `invalid_email`, `too_many` (recipients) and `date_order` (date_to) say which rule failed. */
  code: 'required' | 'invalid' | 'invalid_email' | 'too_many' | 'date_order';
  message: string;
}

export type RegistrationAlertCheck =
  { ok: true; settings: RegistrationAlertSettings } | { ok: false; problems: RegistrationAlertProblem[] };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

function validDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function readBool(raw: unknown): boolean | undefined {
  if (raw === undefined || raw === null || raw === '') return false;
  if (typeof raw === 'boolean') return raw;
  const text = String(raw).trim().toLowerCase();
  if (['true', '1', 'on'].includes(text)) return true;
  if (['false', '0', 'off'].includes(text)) return false;
  return undefined;
}

/** Splits a recipients value (list or text) into trimmed, de-duplicated addresses. */
export function registrationAlertRecipients(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(/[,;\n]/) : [];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const item of items) {
    const value = item.trim();
    if (value === '' || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    result.push(value);
  }
  return result;
}

/** Checks the registration threshold form (the console and the server use the same rules). */
export function checkRegistrationAlertInput(input: Record<string, unknown>): RegistrationAlertCheck {
  const m = REGISTRATION_ALERT_MESSAGES;
  const problems: RegistrationAlertProblem[] = [];
  const problem = (
    field: RegistrationAlertProblem['field'],
    code: RegistrationAlertProblem['code'],
    message: string,
  ) => problems.push({ field, code, message });

  const active = readBool(input.active);
  if (active === undefined) problem('active', 'invalid', m.boolean);
  const block = readBool(input.block);
  if (block === undefined) problem('block', 'invalid', m.boolean);

  const spanRaw = typeof input.span === 'string' ? input.span.trim() : '';
  const span = registrationAlertSpanSchema.safeParse(spanRaw);
  if (spanRaw === '') problem('span', 'required', m.required);
  else if (!span.success) problem('span', 'invalid', m.span);

  let dateFrom: string | null = null;
  let dateTo: string | null = null;
  if (span.success && span.data === 'specific_dates') {
    const from = typeof input.date_from === 'string' ? input.date_from.trim() : '';
    const to = typeof input.date_to === 'string' ? input.date_to.trim() : '';
    if (from === '') problem('date_from', 'required', m.required);
    else if (!validDate(from)) problem('date_from', 'invalid', m.date);
    if (to === '') problem('date_to', 'required', m.required);
    else if (!validDate(to)) problem('date_to', 'invalid', m.date);
    if (validDate(from) && validDate(to) && to <= from) problem('date_to', 'date_order', m.dateOrder);
    dateFrom = from;
    dateTo = to;
  }

  const thresholdRaw =
    typeof input.threshold === 'number' ? String(input.threshold) : String(input.threshold ?? '').trim();
  const threshold = Number(thresholdRaw);
  if (thresholdRaw === '') problem('threshold', 'required', m.required);
  else if (!/^\d+$/.test(thresholdRaw) || threshold < 1 || threshold > REGISTRATION_ALERT_MAX_THRESHOLD) {
    problem('threshold', 'invalid', m.threshold);
  }

  const recipients = registrationAlertRecipients(input.recipients);
  if (recipients.length === 0) problem('recipients', 'required', m.required);
  else if (
    recipients.some(
      (email) => email.length > 254 || !EMAIL.test(email) || !z.email().safeParse(email).success,
    )
  ) {
    problem('recipients', 'invalid_email', m.invalidEmail);
  } else if (recipients.length > REGISTRATION_ALERT_MAX_RECIPIENTS) {
    problem('recipients', 'too_many', m.tooManyRecipients);
  }

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    settings: {
      active: active as boolean,
      span: span.data as RegistrationAlertSpan,
      date_from: dateFrom,
      date_to: dateTo,
      threshold,
      recipients,
      block: block as boolean,
    },
  };
}

export const registrationAlertPaths = {
  /** Relative to a stack's internal_url. */
  get: '/platform/api/v1/registration_alerts/get/',
  update: '/platform/api/v1/registration_alerts/update/',
} as const;
