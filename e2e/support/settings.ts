import { expect, type APIRequestContext } from '@playwright/test';
import { apiSignIn, type Credentials } from './console.ts';
import { DEMO_SLUG } from './server-settings.ts';

/** Calls of the settings areas straight through the API (to arrange a test or check its outcome). */
export async function adminBearer(request: APIRequestContext, credentials?: Credentials) {
  const token = await apiSignIn(request, credentials);
  return { Authorization: `Bearer ${token.access_token}` };
}

export async function demoStackId(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<number> {
  const answer = await request.get('/platform/api/v1/stacks/', { headers });
  expect(answer.status()).toBe(200);
  const stacks = ((await answer.json()) as { data: { id: number; slug: string }[] }).data;
  const demo = stacks.find((stack) => stack.slug === DEMO_SLUG);
  expect(demo, 'the demo community').toBeTruthy();
  return (demo as { id: number }).id;
}

/** One dynamic preference of the demo community, as the API reads it. */
export async function demoPreference(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
): Promise<unknown> {
  const answer = await request.get(`/c/${DEMO_SLUG}/platform/api/v1/dynamic_preference/get/`, {
    headers,
    params: { name },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { value: unknown } }).data.value;
}

export async function setDemoPreferences(
  request: APIRequestContext,
  headers: Record<string, string>,
  values: Record<string, string | boolean>,
): Promise<void> {
  const answer = await request.post(`/c/${DEMO_SLUG}/platform/api/v1/dynamic_preference/update_multi/`, {
    headers,
    data: values,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A hub administrator switches one of a community's feature flags. */
export async function setFeature(
  request: APIRequestContext,
  headers: Record<string, string>,
  stackId: number,
  name: string,
  enabled: boolean,
): Promise<void> {
  const answer = await request.post(`/platform/api/v1/stacks/${stackId}/features/`, {
    headers,
    data: { name, enabled },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

export async function enabledFeatures(request: APIRequestContext, headers: Record<string, string>) {
  const answer = await request.get(`/c/${DEMO_SLUG}/platform/api/v1/features/list_enabled/`, { headers });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: string[] }).data;
}
