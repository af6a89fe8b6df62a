import { z } from 'zod';

/** One message inside an error entry (SelfCommunity's `messages` list). */
export const errorMessageSchema = z.object({ code: z.string(), message: z.string() });

/** One error: `field` is set when the error belongs to a request field. */
export const errorEntrySchema = z.object({
  field: z.string().optional(),
  code: z.string(),
  message: z.string(),
  messages: z.array(errorMessageSchema),
});

/** Every failure on every path answers with this envelope (spec core §7, design §1). */
export const errorEnvelopeSchema = z.object({ errors: z.array(errorEntrySchema).min(1) });

export type ErrorEntry = z.infer<typeof errorEntrySchema>;
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** The token endpoint's error values (RFC 6749 §5.2), also the code of its envelope entry. */
export const OAUTH_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unsupported_grant_type',
  'unauthorized_client',
] as const;

/** OAuth 2 token endpoint errors (RFC 6749 §5.2) also carry the envelope's `errors`. */
export const oauthErrorSchema = errorEnvelopeSchema.extend({
  error: z.enum(OAUTH_ERROR_CODES),
  error_description: z.string(),
});
export type OAuthError = z.infer<typeof oauthErrorSchema>;

/** An error entry whose code is known to be one of `C`. */
export type CodedErrorEntry<C extends string> = ErrorEntry & { code: C };

/** Builds one error entry: the single place that knows the envelope's layout. */
export function errorEntry<C extends string>(code: C, message: string, field?: string): CodedErrorEntry<C> {
  return { ...(field ? { field } : {}), code, message, messages: [{ code, message }] };
}
