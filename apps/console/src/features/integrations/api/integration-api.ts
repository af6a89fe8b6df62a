import {
  dynamicPreferencePaths,
  jwtSecretSchema,
  memberApiClientSchema,
  memberAuthPaths,
  type FeatureName,
} from '@agora/contract';
import { apiData } from '../../../core/http/api-client.ts';

/** A tag manager container id: GTM- and letters or digits (e.g. GTM-AB12CD3). */
export const TAG_MANAGER_ID = /^GTM-[A-Z0-9]{4,12}$/;

export function isTagManagerId(value: string): boolean {
  return value === '' || TAG_MANAGER_ID.test(value);
}

/** Rotates the community's JWT signing key; the answer is the only time the key is shown. */
export async function refreshJwtSecret() {
  return jwtSecretSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: dynamicPreferencePaths.refreshJwtSecret,
    }),
  );
}

export const integrationKeys = {
  all: ['integrations'] as const,
};

export type IntegrationFeature = Extract<FeatureName, 'google_cloud_api' | 'social_share'>;

/** The community's public client id for its members and the member API's addresses. */
export async function fetchMemberApiClient() {
  return memberApiClientSchema.parse(
    await apiData<unknown>({ target: 'stack', method: 'GET', path: memberAuthPaths.client }),
  );
}
