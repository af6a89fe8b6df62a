/**
 * Stable machine-readable error codes. The console maps each code to a translated
 * message; never branch on the message text.
 */
export const ErrorCode = {
  /** A field is missing. */
  required: 'required',
  /** A field is present but not acceptable. */
  invalid: 'invalid',
  /** A field is longer than allowed. */
  maxLength: 'max_length',
  /** A field is shorter than allowed. */
  minLength: 'min_length',
  /** Another record already uses this value. */
  unique: 'unique',
  /** The request body could not be parsed (malformed JSON, bad form data). */
  malformedBody: 'malformed_body',
  /** Missing or unusable credentials on a protected call. */
  notAuthenticated: 'not_authenticated',
  /** The bearer token is unknown, expired or revoked. */
  invalidToken: 'invalid_token',
  /** The community has this feature switched off. */
  featureDisabled: 'feature_disabled',
  /** The community is applying a domain or email-server change; try again when it is online. */
  stackRestarting: 'stack_restarting',
  /** Signed in, but the role does not allow this call. */
  permissionDenied: 'permission_denied',
  /** Username/email and password do not match an active account. */
  invalidCredentials: 'invalid_credentials',
  /** The caller is banned (blocked) in this community: both community guards refuse them. */
  accountBlocked: 'account_blocked',
  /** The caller's registration waits for the community's approval. */
  accountPending: 'account_pending',
  /** The caller's registration was refused by the community. */
  accountNotApproved: 'account_not_approved',
  /** Too many failed sign-in attempts; try again later. */
  throttled: 'throttled',
  /** An SSO ticket that is unknown, expired or already used. */
  invalidTicket: 'invalid_ticket',
  /** A console sign-in handed off from a community reaches only that community, nothing hub-wide. */
  communitySession: 'community_session',
  /**
   * A console session is only handed off to a member who signed in themselves (their own password or
   * console session), never from a server-to-server JWT.
   */
  handoffRefused: 'handoff_refused',
  /** A staff write refused because its audit-log entry could not be written first (nothing was changed). */
  auditUnavailable: 'audit_unavailable',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  internalError: 'internal_error',
  /** The request body did not arrive in time (408). */
  requestTimeout: 'request_timeout',
  /** Load shedding: the server has no slot for this request now (503). */
  serverBusy: 'server_busy',
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
