import { ErrorCode } from './error-codes.ts';
import { OAUTH_ERROR_CODES } from './error-envelope.ts';
import { AnalyticsExportErrorCode, CubeApiErrorCode, TAG_ASSIGNMENT_ERROR_CODE } from './analytics/index.ts';
import { AdvertisingErrorCode } from './advertising/index.ts';
import { AppSettingsErrorCode } from './app-settings/index.ts';
import { CategoryErrorCode } from './categories/index.ts';
import { DynamicPreferencesErrorCode } from './dynamic-preferences/index.ts';
import { EmailManagerErrorCode } from './email-manager/index.ts';
import { EmailSendsErrorCode } from './email-sends/index.ts';
import { MediaLibraryErrorCode } from './media-library/index.ts';
import { MemberApiErrorCode } from './member-content/index.ts';
import { PASSWORD_WEAKNESS_CODES } from './member-people/password-weakness-codes.ts';
import { ModerationErrorCode } from './moderation/index.ts';
import { ReactionErrorCode } from './reactions/index.ts';
import { RegistrationAlertsErrorCode } from './registration-alerts/index.ts';
import { RegistrationApprovalErrorCode } from './registration-approval/index.ts';
import { ServerSettingsErrorCode } from './server-settings/index.ts';
import { StaffErrorCode } from './staff/index.ts';
import { TaggingErrorCode } from './tagging/index.ts';
import { ImageErrorCode } from './theme/index.ts';
import { IncubatorErrorCode } from './incubators/index.ts';
import { InvitationErrorCode } from './invitations/index.ts';
import { LoyaltyErrorCode } from './loyalty/index.ts';
import { TwoFactorErrorCode } from './two-factor/index.ts';
import { USER_MODERATION_ERROR_CODES } from './user-moderation/index.ts';
import { UsersErrorCode } from './users/index.ts';
import { WebhooksErrorCode } from './webhooks/index.ts';

/**
 * The closed registry of error codes: the shared `ErrorCode` and each area's codes (an object of
 * codes, a list of codes, or one code). The server's `AppError` and `errorEntry` take only an
 * `AppErrorCode`, so a new code is declared in its area (or in `ErrorCode`) and listed here before it
 * can be answered; the console words codes from the same constants.
 */
export const ERROR_CODE_REGISTRY = [
  ErrorCode,
  OAUTH_ERROR_CODES,
  AnalyticsExportErrorCode,
  TAG_ASSIGNMENT_ERROR_CODE,
  CubeApiErrorCode,
  AdvertisingErrorCode,
  AppSettingsErrorCode,
  CategoryErrorCode,
  DynamicPreferencesErrorCode,
  EmailManagerErrorCode,
  EmailSendsErrorCode,
  ImageErrorCode,
  IncubatorErrorCode,
  InvitationErrorCode,
  LoyaltyErrorCode,
  MediaLibraryErrorCode,
  MemberApiErrorCode,
  PASSWORD_WEAKNESS_CODES,
  ModerationErrorCode,
  ReactionErrorCode,
  RegistrationAlertsErrorCode,
  RegistrationApprovalErrorCode,
  ServerSettingsErrorCode,
  StaffErrorCode,
  TaggingErrorCode,
  TwoFactorErrorCode,
  USER_MODERATION_ERROR_CODES,
  UsersErrorCode,
  WebhooksErrorCode,
] as const;

type CodesOf<T> = T extends string ? T : T extends readonly (infer U)[] ? U : T[keyof T];

/** Any code the server may answer with. */
export type AppErrorCode = CodesOf<(typeof ERROR_CODE_REGISTRY)[number]>;

/** Every declared code, for lookups and tests. */
export const ALL_ERROR_CODES: ReadonlySet<string> = new Set(
  ERROR_CODE_REGISTRY.flatMap((codes): string[] =>
    typeof codes === 'string' ? [codes] : Object.values(codes),
  ),
);
