import { z } from 'zod';

/** The stores a community may ask its own mobile app for (spec mgmt §2, §9: Android 8.0+, iOS 9.0+). */
export const APP_PLATFORMS = ['android', 'ios'] as const;
export const appPlatformSchema = z.enum(APP_PLATFORMS);
export type AppPlatform = z.infer<typeof appPlatformSchema>;

/** Lowest supported operating system per platform (spec mgmt §9). */
export const APP_MIN_OS: Record<AppPlatform, string> = { android: '8.0', ios: '9.0' };

/** The store badge URL of each platform, kept as a dynamic preference. */
export const APP_STORE_URL_PREFERENCE: Record<AppPlatform, string> = {
  android: 'app_url_on_google_play',
  ios: 'app_url_on_app_store',
};

/** Error codes of app requests' refusals (besides the shared `required`, `invalid`). */
export const AppSettingsErrorCode = {
  /** General entry answered when the store accounts are refused. */
  invalidAccounts: 'invalid_accounts',
  /** The request cannot change from its current state. */
  invalidTransition: 'invalid_transition',
} as const;

/** States of an app request (spec mgmt §4). */
export const APP_REQUEST_STATUSES = [
  'sent',
  'received_under_verification',
  'rejected',
  'taken_in_charge',
  'completed',
] as const;
export const appRequestStatusSchema = z.enum(APP_REQUEST_STATUSES);
export type AppRequestStatus = z.infer<typeof appRequestStatusSchema>;

/**
 * Moves the provider team may make: sent → received and under verification → rejected or taken in
 * charge → completed. Sending (again) is the community's own action, allowed with no request yet,
 * while it is still 'sent', or after a rejection.
 */
export const APP_REQUEST_TRANSITIONS: Record<AppRequestStatus, readonly AppRequestStatus[]> = {
  sent: ['received_under_verification'],
  received_under_verification: ['rejected', 'taken_in_charge'],
  rejected: [],
  taken_in_charge: ['completed'],
  completed: [],
};

export function canMoveAppRequest(from: AppRequestStatus, to: AppRequestStatus): boolean {
  return APP_REQUEST_TRANSITIONS[from].includes(to);
}

/** Whether the community may send its request (again) from this state. */
export function canSendAppRequest(status: AppRequestStatus | null): boolean {
  return status === null || status === 'sent' || status === 'rejected';
}

/** The store account fields each platform's request carries. */
export const APP_ACCOUNT_FIELDS = {
  android: ['google_play_developer_id', 'google_play_account_email'],
  ios: ['apple_team_id', 'apple_account_email'],
} as const satisfies Record<AppPlatform, readonly string[]>;
export type AppAccountField = (typeof APP_ACCOUNT_FIELDS)[AppPlatform][number];

/** The message the console shows when the accounts are refused (spec mgmt §8). */
export const APP_REQUEST_ERROR_MESSAGE =
  'Error on sending request. Verify that you have entered your accounts correctly.';

export const APP_ACCOUNT_MESSAGES = {
  required: 'This field is required.',
  invalidEmail: 'Invalid email',
  developerId: 'A Google Play developer account id is made of 10 to 25 digits.',
  teamId: 'An Apple team id is made of 10 capital letters or digits.',
  notAllowed: 'This field does not belong to this platform.',
} as const;

export interface AppAccountProblem {
  field: AppAccountField;
  code: 'required' | 'invalid';
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value) && z.email().safeParse(value).success;
}

const FIELD_RULES: Record<AppAccountField, { test: (value: string) => boolean; message: string }> = {
  google_play_developer_id: { test: (v) => /^\d{10,25}$/.test(v), message: APP_ACCOUNT_MESSAGES.developerId },
  google_play_account_email: { test: isValidEmail, message: APP_ACCOUNT_MESSAGES.invalidEmail },
  apple_team_id: { test: (v) => /^[A-Z0-9]{10}$/.test(v), message: APP_ACCOUNT_MESSAGES.teamId },
  apple_account_email: { test: isValidEmail, message: APP_ACCOUNT_MESSAGES.invalidEmail },
};

export type AppAccountCheck =
  { ok: true; account: Record<string, string> } | { ok: false; problems: AppAccountProblem[] };

/** Checks a platform's store accounts (the console and the server use the same rules). */
export function checkAppAccounts(platform: AppPlatform, input: Record<string, unknown>): AppAccountCheck {
  const problems: AppAccountProblem[] = [];
  const account: Record<string, string> = {};
  for (const field of APP_ACCOUNT_FIELDS[platform]) {
    const raw = input[field];
    const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
    if (value === '') {
      problems.push({ field, code: 'required', message: APP_ACCOUNT_MESSAGES.required });
      continue;
    }
    const rule = FIELD_RULES[field];
    if (!rule.test(value)) problems.push({ field, code: 'invalid', message: rule.message });
    else account[field] = value;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, account };
}

/** The body of `app_settings/{platform}/` POST: the fields of that platform's store accounts. */
export const appRequestBodySchema = z.object({
  google_play_developer_id: z.union([z.string(), z.number()]).optional(),
  google_play_account_email: z.string().optional(),
  apple_team_id: z.string().optional(),
  apple_account_email: z.string().optional(),
});
export type AppRequestBody = z.infer<typeof appRequestBodySchema>;

export const appRequestEventSchema = z.object({
  status: appRequestStatusSchema,
  at: z.string().describe('ISO date and time of the change'),
});
export type AppRequestEvent = z.infer<typeof appRequestEventSchema>;

/** A community's request for one store's app; `status` is null until the first request is sent. */
export const appRequestSchema = z.object({
  platform: appPlatformSchema,
  status: appRequestStatusSchema.nullable(),
  account: z.record(z.string(), z.string()),
  sent_at: z.string().nullable().describe('When the request was last sent (ISO date and time)'),
  updated_at: z.string().nullable(),
  history: z.array(appRequestEventSchema).describe('Every status the request went through, oldest first'),
  can_send: z.boolean().describe('Whether the community may send the request (again) now'),
  min_os: z.string(),
  store_url_preference: z.string().describe('The dynamic preference holding the store badge URL'),
});
export type AppRequest = z.infer<typeof appRequestSchema>;

export const appRequestStatusBodySchema = z.object({ status: appRequestStatusSchema });

export const appSettingsPaths = {
  /** Relative to a stack's internal_url; `:platform` is android or ios. */
  one: '/platform/api/v1/app_settings/:platform/',
  /** Hub administrators (the provider team) move a request along. */
  hubStatus: '/platform/api/v1/stacks/:id/app_requests/:platform/status/',
} as const;

export function appSettingsPath(platform: AppPlatform): string {
  return appSettingsPaths.one.replace(':platform', platform);
}
