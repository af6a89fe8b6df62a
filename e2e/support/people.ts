import { expect, type APIRequestContext } from '@playwright/test';
import { adminBearer } from './settings.ts';
import { DEMO_SLUG } from './server-settings.ts';

/** The demo community's member API, as members and their apps call it. */
export const MEMBER_API = `/c/${DEMO_SLUG}/api/v2`;
const CONSOLE_API = `/c/${DEMO_SLUG}/platform/api/v1`;

/**
 * A name of this attempt: a retried test runs in a new worker against the same server, where the
 * first attempt's members already exist, so fixed names would refuse the retry's sign-ups.
 */
const ATTEMPT = Math.random().toString(36).slice(2, 7);
export const attemptName = (base: string) => `${base}-${ATTEMPT}`;

export interface NewMember {
  username: string;
  password: string;
  role?: 'admin' | 'editor' | 'moderator';
}

/** An admin creates a member (SelfCommunity's SSO sign-up) with a password and, maybe, a staff role. */
export async function createMember(request: APIRequestContext, member: NewMember): Promise<number> {
  const headers = await adminBearer(request);
  const answer = await request.post(`${MEMBER_API}/sso/signup/`, {
    headers,
    data: {
      username: member.username,
      password: member.password,
      email: `${member.username}@members.test`,
      ...(member.role ? { role: member.role } : {}),
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

/** The member's sign-in at the community's token endpoint with its public client id, as answered. */
export async function memberSignInAnswer(request: APIRequestContext, username: string, password: string) {
  const client = await request.get(`${CONSOLE_API}/member_api/client/`, {
    headers: await adminBearer(request),
  });
  expect(client.status()).toBe(200);
  const clientId = ((await client.json()) as { data: { client_id: string } }).data.client_id;
  return request.post(`/c/${DEMO_SLUG}/oauth/token/`, {
    form: { grant_type: 'password', client_id: clientId, username, password },
  });
}

/** The member signs in and gets a bearer header. */
export async function memberToken(request: APIRequestContext, username: string, password: string) {
  const answer = await memberSignInAnswer(request, username, password);
  expect(answer.status(), await answer.text()).toBe(200);
  return { Authorization: `Bearer ${((await answer.json()) as { access_token: string }).access_token}` };
}

/** A staff member's one-time way into the console (SelfCommunity's platform_url hand-off). */
export async function consoleLink(
  request: APIRequestContext,
  member: NewMember,
  next: string,
): Promise<string> {
  const headers = await memberToken(request, member.username, member.password);
  const answer = await request.get(`${MEMBER_API}/user/me/platform_url/`, { headers, params: { next } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { platform_url: string }).platform_url;
}

export async function setBot(request: APIRequestContext, enabled: boolean): Promise<void> {
  const answer = await request.post(`${CONSOLE_API}/bot/status/`, {
    headers: await adminBearer(request),
    form: { enabled: String(enabled) },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}
