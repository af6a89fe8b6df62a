import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCall, type CompatServer } from './compat-server.ts';
import { startSdkSession, type SdkSession } from './sdk-session.ts';
import { sdk } from './sdk.ts';

/**
 * Broadcast messages through SelfCommunity's published SDK (issue 14 §2, §6): staff send a message in
 * the console; a member lists it with `NotificationService.listBroadcastMessages`, counts it unseen and
 * undisposed, marks it read and disposes it, and the counters and `user/me/` follow.
 */
interface BroadcastItem {
  id: number;
  banner: { type_banner: string; title: string; body_text: string; link: string; open_in_new_tab: boolean };
  viewed_at: string | null;
  disposed_at: string | null;
}
interface NotificationSdk {
  listBroadcastMessages(): Promise<{ count: number; results: BroadcastItem[] }>;
  listBroadcastMessagesUnseenCount(): Promise<{ count: number }>;
  listBroadcastMessagesUndisposedCount(): Promise<{ count: number }>;
  markReadBroadcastMessages(ids: number[]): Promise<unknown>;
  disposeBroadcastMessages(ids: number[]): Promise<unknown>;
}
const notifications = (sdk as unknown as { NotificationService: NotificationSdk }).NotificationService;
const users = (sdk as unknown as { UserService: { getCurrentUser(): Promise<Record<string, unknown>> } })
  .UserService;

let session: SdkSession;
let server: CompatServer;
let alice: number;

beforeAll(async () => {
  session = await startSdkSession();
  server = session.server;
  session.asAdmin();
  alice = (await sdk.SSOService.SignUp({ username: 'alice', email: 'alice@members.test' })).id;
  // The test server's clock starts in the past: move it past the members' creation (the database's now).
  server.t.clock.advance(Math.max(0, (Date.now() - server.t.clock.now().getTime()) / 1000) + 5);
  await server.renewAdminSession();
  const demo = await server.t.db
    .selectFrom('stacks')
    .select('id')
    .where('slug', '=', 'demo')
    .executeTakeFirstOrThrow();
  const flag = await fetch(`${server.url}/platform/api/v1/stacks/${demo.id}/features/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'broadcast', enabled: true }),
  });
  expect(flag.status).toBe(200);
});
afterAll(() => session?.close());

describe('broadcast banners through the SDK', () => {
  it('a member reads a sent message as a banner, marks it read and disposes it', async () => {
    const saved = await consoleCall(server, 'POST', '/broadcast_messages/save/', {
      name: 'Autumn',
      title: 'Autumn meetup',
      body_text: 'Saturday at ten.',
      link: '/pages/meetup/',
      link_type: 'internal',
      link_text: 'Details',
      open_in_new_tab: true,
      audience: 'all',
    });
    const id = (saved.data as { id: number }).id;
    await consoleCall(server, 'POST', `/broadcast_messages/${id}/send/`, {});

    await session.as(alice);
    const page = await notifications.listBroadcastMessages();
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({
      id,
      banner: {
        type_banner: 'notification_banner',
        title: 'Autumn meetup',
        body_text: 'Saturday at ten.',
        link: '/pages/meetup/',
        open_in_new_tab: true,
      },
      viewed_at: null,
      disposed_at: null,
    });
    expect((await notifications.listBroadcastMessagesUnseenCount()).count).toBe(1);
    expect((await users.getCurrentUser()).unseen_notification_banners_counter).toBe(1);

    await notifications.markReadBroadcastMessages([id]);
    expect((await notifications.listBroadcastMessagesUnseenCount()).count).toBe(0);
    expect((await notifications.listBroadcastMessagesUndisposedCount()).count).toBe(1);
    expect((await notifications.listBroadcastMessages()).results[0]!.viewed_at).not.toBeNull();

    await notifications.disposeBroadcastMessages([id]);
    expect((await notifications.listBroadcastMessagesUndisposedCount()).count).toBe(0);
    expect((await notifications.listBroadcastMessages()).results).toEqual([]);
  });
});
