import { expect, type APIRequestContext } from '@playwright/test';
import { apiSignIn } from './console.ts';
import { DEMO_SLUG } from './server-settings.ts';

const COMMUNITY = `/c/${DEMO_SLUG}/platform/api/v1`;

/**
 * Points the demo community's email at a local SMTP server through the API, then waits for the
 * restart that saving causes to end (status back to 'online').
 */
export async function useLocalMailServer(request: APIRequestContext, port: number): Promise<void> {
  const token = await apiSignIn(request);
  const headers = { Authorization: `Bearer ${token.access_token}` };
  const saved = await request.post(`${COMMUNITY}/mail_server/`, {
    headers,
    form: {
      sender: 'custom',
      host: '127.0.0.1',
      port: String(port),
      use_tls: 'false',
      use_ssl: 'false',
      username: '',
      password: '',
      from_email: 'agora@example.org',
      from_name: 'Agora',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${COMMUNITY}/stack/`, { headers });
        const body = (await answer.json()) as { data?: { status?: string }; status?: string };
        return body.data?.status ?? body.status;
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe('online');
}

/** The body of a received message, with quoted-printable soft breaks and escapes undone. */
export function mailText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The export download link a message carries. */
export function exportLink(raw: string): string | null {
  const match = /https?:\/\/\S+\/analytics\/export\/download\/\d+\/\?token=[\w.~-]+/.exec(mailText(raw));
  return match ? match[0] : null;
}
