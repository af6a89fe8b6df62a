import { expect, type APIRequestContext } from '@playwright/test';
import { apiSignIn } from './console.ts';
import { DEMO_SLUG } from './server-settings.ts';

/** Sets dynamic preferences of the demo community through its API (update_multi), as its admin. */
export async function setDemoPreferences(
  request: APIRequestContext,
  values: Record<string, string | boolean>,
): Promise<void> {
  const token = await apiSignIn(request);
  const answer = await request.post(`/c/${DEMO_SLUG}/platform/api/v1/dynamic_preference/update_multi/`, {
    headers: { Authorization: `Bearer ${token.access_token}` },
    data: values,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}
