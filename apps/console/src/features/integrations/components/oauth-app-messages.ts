import type { IntlShape } from 'react-intl';
import { parsedErrorsOf } from '../../../core/http/error-text.ts';

export const OAUTH_APP_FIELDS = [
  'client_type',
  'name',
  'description',
  'image',
  'grant_types',
  'redirect_uris',
] as const;
export type OAuthAppField = (typeof OAUTH_APP_FIELDS)[number];

const FIELD_LABEL: Record<OAuthAppField, string> = {
  client_type: 'integrations.oauth.field.clientType',
  name: 'integrations.oauth.field.name',
  description: 'integrations.oauth.field.description',
  image: 'integrations.oauth.field.image',
  grant_types: 'integrations.oauth.field.grantTypes',
  redirect_uris: 'integrations.oauth.field.redirectUris',
};

const PLAIN_ERROR: Record<Exclude<OAuthAppField, 'grant_types' | 'redirect_uris'>, string> = {
  client_type: 'integrations.oauth.error.clientType',
  name: 'integrations.oauth.error.name',
  description: 'integrations.oauth.error.description',
  image: 'integrations.oauth.error.image',
};

/** The message of one field's problem, in the admin's language, from the server's code and words. */
export function oauthFieldMessage(intl: IntlShape, field: OAuthAppField, code: string, message: string) {
  const id = (() => {
    switch (field) {
      case 'grant_types':
        if (/public client/i.test(message)) return 'integrations.oauth.error.publicClientCredentials';
        if (/refresh/i.test(message)) return 'integrations.oauth.error.refreshNeedsCode';
        return 'integrations.oauth.error.grantTypes';
      case 'redirect_uris':
        return code === 'required'
          ? 'integrations.oauth.error.redirectUrisRequired'
          : 'integrations.oauth.error.redirectUris';
      default:
        return PLAIN_ERROR[field];
    }
  })();
  return intl.formatMessage({ id });
}

/** The server's refusal of one field, worded in the admin's language; null when that field is fine. */
export function oauthFieldError(intl: IntlShape, error: unknown, field: OAuthAppField): string | null {
  const parsed = parsedErrorsOf(error);
  const message = parsed?.fieldErrors[field];
  if (message === undefined) return null;
  return oauthFieldMessage(intl, field, parsed?.fieldCodes[field] ?? '', message);
}

/** Every field the server refused, "Field: problem", for the failure alert that lists them. */
export function oauthErrorList(intl: IntlShape, error: unknown): string[] {
  const parsed = parsedErrorsOf(error);
  if (!parsed) return [];
  return OAUTH_APP_FIELDS.flatMap((field) => {
    const message = oauthFieldError(intl, error, field);
    return message ? [`${intl.formatMessage({ id: FIELD_LABEL[field] })}: ${message}`] : [];
  });
}
