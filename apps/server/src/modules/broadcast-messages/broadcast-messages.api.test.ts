import sharp from 'sharp';
import webpush from 'web-push';
import { BROADCAST_MESSAGES as M, type BroadcastMessage } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../platform/jobs/job-queue.ts';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityWithRoles,
  createMember,
  errorsOf,
  memberSignIn,
  setFlag,
} from '../../test-support/fixtures.ts';
import { startPushReceiver, type PushReceiver } from '../../test-support/web-push-receiver.ts';
import { checkOutboundHost, OutboundRefusedError } from '../../platform/net/outbound-host.ts';
import { registerBroadcastJobs } from './broadcast-delivery.service.ts';
import { deliverPush, pushEndpointUrl } from './web-push-delivery.ts';

const BASE = '/c/demo/platform/api/v1/broadcast_messages';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;
let demoId: number;
let receiver: PushReceiver;
const members: Record<string, { id: number; bearer: { authorization: string } }> = {};
let vipTag: number;
let staffTag: number;

const json = (who: SignedIn, body: unknown) => ({
  headers: { ...who.bearer, 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});
const post = (path: string, body: unknown = {}, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'POST', url: `${base}/${path}`, ...json(who, body) });
const get = (path: string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/${path}`, headers: who.bearer });
const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;
const v2 = (method: 'GET' | 'POST' | 'DELETE', path: string, who: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/c/demo/api/v2${path}`,
    headers: {
      ...members[who]!.bearer,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
const bannerIds = async (who: string) =>
  ((await v2('GET', '/notification/banner/', who)).json().results as { id: number }[]).map((b) => b.id);

const message = (extra: Record<string, unknown> = {}) => ({
  name: 'Autumn news',
  title: 'Hello members',
  body_text: 'Our autumn meetup is on Saturday.',
  link_text: 'Read more',
  link: '/pages/meetup/',
  link_type: 'internal',
  open_in_new_tab: false,
  audience: 'all',
  ...extra,
});
async function save(extra: Record<string, unknown> = {}, who: SignedIn = admin): Promise<BroadcastMessage> {
  const res = await post('save/', message(extra), who);
  expect(res.statusCode, res.body).toBe(200);
  return data<BroadcastMessage>(res.body);
}
async function send(id: number, who: SignedIn = admin): Promise<BroadcastMessage> {
  const res = await post(`${id}/send/`, {}, who);
  expect(res.statusCode, res.body).toBe(200);
  return data<BroadcastMessage>(res.body);
}
const inFuture = (seconds: number) => new Date(t.clock.now().getTime() + seconds * 1000).toISOString();

async function addMember(name: string, tags: number[] = []) {
  const id = await createMember(t.db, demoId, name, `${name}-password-1`);
  for (const tag_id of tags)
    await t.db.insertInto('user_tags').values({ stack_id: demoId, user_id: id, tag_id }).execute();
  members[name] = {
    id,
    bearer: (await memberSignIn(t.app, t.db, 'demo', name, `${name}-password-1`)).bearer,
  };
}
async function addTag(name: string): Promise<number> {
  const row = await t.db
    .insertInto('tags')
    .values({ stack_id: demoId, type: 'user', name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await buildTestApp({ env: { AGORA_SMTP_ALLOW_PRIVATE: 'true' } });
  // Rows made by the database's now() must come before the test clock's sends.
  t.clock.advance(Math.max(0, (Date.now() - t.clock.now().getTime()) / 1000) + 3600);
  ({ admin, editor, moderator, owner, demoId } = await communityWithRoles(t, ADMIN_PASSWORD));
  await setFlag(t, admin, demoId, 'broadcast', true);
  vipTag = await addTag('vip');
  staffTag = await addTag('staff team');
  await addMember('alice', [vipTag]);
  await addMember('bob');
  await addMember('carol', [staffTag]);
  receiver = await startPushReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t.close();
});

describe('broadcast messages: the console', () => {
  it('is the admin’s, and a message of another community is not found', async () => {
    const mine = await save();
    for (const who of [editor, moderator]) {
      expect((await get('?status=template', who)).statusCode).toBe(403);
      expect((await post('save/', message(), who)).statusCode).toBe(403);
    }
    expect((await get('?status=template', owner)).statusCode).toBe(404);
    const other = '/c/other/platform/api/v1/broadcast_messages';
    expect((await get(`${mine.id}/`, owner, other)).statusCode).toBe(404);
    expect((await post(`${mine.id}/send/`, {}, owner, other)).statusCode).toBe(404);
    expect((await post(`${mine.id}/delete/`, {}, owner, other)).statusCode).toBe(404);
    expect((await get(`${mine.id}/`)).statusCode).toBe(200);
  });

  it('answers each bad field on its field', async () => {
    const res = await post('save/', { name: ' ', title: '', body_text: '', link: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(
      errorsOf(res.body)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['body_text', 'link', 'name', 'title']);
    const internal = await post('save/', message({ link: 'https://example.com/', link_type: 'internal' }));
    expect(errorsOf(internal.body)[0]).toMatchObject({ field: 'link', message: M.invalidInternalLink });
    const external = await post('save/', message({ link: '/here/', link_type: 'external' }));
    expect(errorsOf(external.body)[0]).toMatchObject({ field: 'link', message: M.invalidExternalLink });
    expect(errorsOf((await post('save/', message({ audience: 'tags' }))).body)[0]).toMatchObject({
      field: 'audience_tags',
    });
    const unknownTag = await post('save/', message({ audience: 'tags', audience_tags: [999999] }));
    expect(errorsOf(unknownTag.body)[0]).toMatchObject({ field: 'audience_tags', message: M.unknownTag });
    const unknownUser = await post('save/', message({ audience: 'users', audience_users: [999999] }));
    expect(errorsOf(unknownUser.body)[0]).toMatchObject({ field: 'audience_users', message: M.unknownUser });
    const foreignImage = await post('save/', message({ image: 'https://elsewhere.example/a.png' }));
    expect(errorsOf(foreignImage.body)[0]).toMatchObject({ field: 'image' });
    const tagsPicked = data<{ name: string }[]>((await get('recipients/tags/?search=vi')).body);
    expect(tagsPicked.map((x) => x.name)).toEqual(['vip']);
    const usersPicked = data<{ username: string }[]>((await get('recipients/users/?search=ali')).body);
    expect(usersPicked.map((x) => x.username)).toEqual(['alice']);
    // The 180 characters are advice: a longer text is saved.
    expect((await post('save/', message({ body_text: 'x'.repeat(400) }))).statusCode).toBe(200);
  });

  it('takes an image through the content-checked pipeline', async () => {
    const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#3060a0' } })
      .png()
      .toBuffer();
    const boundary = '----broadcast';
    const body = (bytes: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const upload = (bytes: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/image/`,
        headers: { ...admin.bearer, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body(bytes),
      });
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(200);
    const url = data<{ url: string }>(res.body).url;
    expect(url).toMatch(/^http:\/\/agora\.test\/c\/demo\/media\/[0-9a-f]{32}\/original\.png$/);
    expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(200);
    expect((await post('save/', message({ image: url }))).statusCode).toBe(200);
    expect((await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).statusCode).toBe(400);
  });

  it('refuses a schedule date that is not in the future, and lists each tab', async () => {
    const m = await save({ name: 'Scheduled one' });
    for (const when of [t.clock.now().toISOString(), inFuture(-60)]) {
      const res = await post(`${m.id}/schedule/`, { scheduled_at: when });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res.body)[0]).toMatchObject({ field: 'scheduled_at', message: M.scheduleInPast });
    }
    expect((await post(`${m.id}/schedule/`, { scheduled_at: 'tomorrow' })).statusCode).toBe(400);
    const res = await post(`${m.id}/schedule/`, { scheduled_at: inFuture(3600) });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<BroadcastMessage>(res.body)).toMatchObject({
      status: 'scheduled',
      sender: { username: 'admin' },
    });
    const scheduled = data<{ results: BroadcastMessage[] }>((await get('?status=scheduled')).body).results;
    expect(scheduled.map((s) => s.id)).toContain(m.id);
    const templates = data<{ results: BroadcastMessage[] }>((await get('?status=template')).body).results;
    expect(templates.map((s) => s.id)).not.toContain(m.id);
    expect((await get('?status=nope')).statusCode).toBe(400);
  });
});

describe('broadcast messages: reaching members', () => {
  it('shows a banner to the audience only: all, tag holders, chosen users; not to later members', async () => {
    const all = await send((await save({ name: 'to all' })).id);
    expect(all).toMatchObject({ status: 'sent', scheduled_at: null });
    const vip = await send((await save({ name: 'to vip', audience: 'tags', audience_tags: [vipTag] })).id);
    const bob = await send(
      (await save({ name: 'to bob', audience: 'users', audience_users: [members.bob!.id] })).id,
    );
    expect(await bannerIds('alice')).toEqual(expect.arrayContaining([all.id, vip.id]));
    expect(await bannerIds('alice')).not.toContain(bob.id);
    expect(await bannerIds('bob')).toEqual(expect.arrayContaining([all.id, bob.id]));
    expect(await bannerIds('bob')).not.toContain(vip.id);
    expect(await bannerIds('carol')).not.toContain(vip.id);
    // Someone who joins after the send does not get what was sent before.
    t.clock.advance(60);
    await t.db
      .updateTable('community_users')
      .set({ created_at: t.clock.now() as never })
      .where('id', '=', members.bob!.id)
      .execute();
    expect(await bannerIds('bob')).toEqual([]);
    await t.db
      .updateTable('community_users')
      .set({ created_at: new Date(0) as never })
      .where('id', '=', members.bob!.id)
      .execute();
    const count = data<{ count: number }>((await get(`${vip.id}/audience/`)).body).count;
    expect(count).toBe(1);
    // The banner object is SelfCommunity's.
    const page = (await v2('GET', '/notification/banner/?limit=1', 'alice')).json();
    expect(page.next).toContain('offset=1');
    expect(page.results[0]).toMatchObject({
      banner: { type_banner: 'notification_banner', title: 'Hello members', link: '/pages/meetup/' },
      viewed_at: null,
      disposed_at: null,
    });
  });

  it('counts unseen and undisposed banners, on user/me/ too, per member', async () => {
    const fresh = await send(
      (await save({ name: 'counters', audience: 'users', audience_users: [members.carol!.id] })).id,
    );
    const count = async (which: string) =>
      (await v2('GET', `/notification/banner/${which}/count/`, 'carol')).json().count;
    const unseen = await count('unseen');
    const undisposed = await count('undisposed');
    expect(unseen).toBeGreaterThan(0);
    expect((await v2('GET', '/user/me/', 'carol')).json().unseen_notification_banners_counter).toBe(unseen);
    expect(
      (await v2('POST', '/notification/banner/read/', 'carol', { banner_ids: [fresh.id] })).statusCode,
    ).toBe(204);
    expect(await count('unseen')).toBe(unseen - 1);
    expect(await count('undisposed')).toBe(undisposed);
    // Alice cannot read or dispose Carol's banner for her, nor does it count as hers.
    await v2('POST', '/notification/banner/dispose/', 'alice', { banner_ids: [fresh.id] });
    expect(await bannerIds('carol')).toContain(fresh.id);
    expect(
      (await v2('POST', '/notification/banner/dispose/', 'carol', { banner_ids: [fresh.id] })).statusCode,
    ).toBe(204);
    expect(await count('undisposed')).toBe(undisposed - 1);
    expect(await bannerIds('carol')).not.toContain(fresh.id);
    expect((await v2('POST', '/notification/banner/read/', 'carol', { banner_ids: [] })).statusCode).toBe(
      400,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/c/demo/api/v2/notification/banner/' })).statusCode,
    ).toBe(401);
  });

  it('restricts a sender holding a source tag to the recipient tags of "send broadcast message to"', async () => {
    const adminUser = await t.db
      .selectFrom('community_users')
      .select('id')
      .where('stack_id', '=', demoId)
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const source = await addTag('communicators');
    await t.db
      .insertInto('user_tags')
      .values({ stack_id: demoId, user_id: adminUser.id, tag_id: source })
      .execute();
    await t.db
      .insertInto('tag_addressing')
      .values({ stack_id: demoId, user_tag_from: source, actions: ['broadcast'], user_tag_to: [vipTag] })
      .execute();
    const toAll = await post('save/', message());
    expect(toAll.statusCode).toBe(400);
    expect(errorsOf(toAll.body)[0]).toMatchObject({ field: 'audience', message: M.addressingAll });
    const toStaff = await post('save/', message({ audience: 'tags', audience_tags: [staffTag] }));
    expect(errorsOf(toStaff.body)[0]).toMatchObject({ field: 'audience_tags', message: M.addressingTags });
    const toBob = await post('save/', message({ audience: 'users', audience_users: [members.bob!.id] }));
    expect(errorsOf(toBob.body)[0]).toMatchObject({ field: 'audience_users', message: M.addressingUsers });
    expect((await post('save/', message({ audience: 'tags', audience_tags: [vipTag] }))).statusCode).toBe(
      200,
    );
    expect(
      (await post('save/', message({ audience: 'users', audience_users: [members.alice!.id] }))).statusCode,
    ).toBe(200);
    await t.db.deleteFrom('tag_addressing').where('user_tag_from', '=', source).execute();
    expect((await post('save/', message())).statusCode).toBe(200);
  });

  it('sends a scheduled message when due, exactly once with two job runners; rescheduling moves it', async () => {
    const second = createJobQueue({ db: t.db, clock: t.clock, workerId: 'second' });
    registerBroadcastJobs(second, {
      db: t.db,
      clock: t.clock,
      config: t.config,
      secretBox: { seal: (s) => s, open: (s) => s },
      jobs: second,
    });
    const m = await save({ name: 'later', audience: 'users', audience_users: [members.alice!.id] });
    expect((await post(`${m.id}/schedule/`, { scheduled_at: inFuture(60) })).statusCode).toBe(200);
    const moved = await post(`${m.id}/schedule/`, { scheduled_at: inFuture(120) });
    expect(data<BroadcastMessage>(moved.body).status).toBe('scheduled');
    t.clock.advance(61);
    await Promise.all([t.jobs.runDue(), second.runDue()]);
    expect(await bannerIds('alice')).not.toContain(m.id);
    expect(data<BroadcastMessage>((await get(`${m.id}/`)).body).status).toBe('scheduled');
    t.clock.advance(60);
    await Promise.all([t.jobs.runDue(), second.runDue()]);
    const sent = data<BroadcastMessage>((await get(`${m.id}/`)).body);
    expect(sent.status).toBe('sent');
    expect(await bannerIds('alice')).toContain(m.id);
    const pushJobs = await t.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'broadcast.push')
      .where('payload', '@>', JSON.stringify({ broadcastId: m.id }) as never)
      .execute();
    expect(pushJobs).toHaveLength(1);
    // A sent message can no longer change; it can be edited as new.
    expect((await post(`${m.id}/send/`)).statusCode).toBe(400);
    expect((await post(`${m.id}/schedule/`, { scheduled_at: inFuture(60) })).statusCode).toBe(400);
    expect((await post(`${m.id}/update/`, message())).statusCode).toBe(400);
    const copy = data<BroadcastMessage>((await post(`${m.id}/copy/`)).body);
    expect(copy).toMatchObject({
      status: 'template',
      name: 'later',
      audience_users: [{ id: members.alice!.id, username: 'alice' }],
    });
    expect((await post(`${copy.id}/copy/`)).statusCode).toBe(400);
  });

  it('sends a scheduled message now, and deletes a message with its banners', async () => {
    const m = await save({ name: 'now instead' });
    await post(`${m.id}/schedule/`, { scheduled_at: inFuture(3600) });
    expect((await send(m.id)).status).toBe('sent');
    expect(await bannerIds('bob')).toContain(m.id);
    t.clock.advance(3601);
    await t.jobs.runDue();
    expect((await post(`${m.id}/delete/`)).statusCode).toBe(200);
    expect(await bannerIds('bob')).not.toContain(m.id);
    expect((await post(`${m.id}/delete/`)).statusCode).toBe(404);
  });
});

describe('broadcast messages: Web Push', () => {
  it('pushes an encrypted message to the audience’s subscriptions and forgets those gone (410)', async () => {
    const key = (await v2('GET', '/notification/push/public_key/', 'alice')).json().public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const aliceSub = receiver.subscription('alice');
    const bobSub = receiver.subscription('bob');
    const goneSub = receiver.subscription('alice-old');
    for (const [who, sub] of [
      ['alice', aliceSub],
      ['bob', bobSub],
      ['alice', goneSub],
    ] as const) {
      const res = await v2('POST', '/notification/push/subscription/', who, {
        endpoint: sub.endpoint,
        keys: sub.keys,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    receiver.answer(goneSub, 410);
    const m = await send(
      (await save({ name: 'push', title: 'Pushed', audience: 'tags', audience_tags: [vipTag] })).id,
    );
    await t.jobs.runDue();
    expect(aliceSub.received().map((p) => JSON.parse(p))).toEqual([
      expect.objectContaining({
        id: m.id,
        title: 'Pushed',
        type: 'notification_banner',
        link: '/pages/meetup/',
      }),
    ]);
    expect(bobSub.received()).toEqual([]);
    const push = receiver.pushes.find((p) => p.path === '/push/alice')!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toContain(`k=${key}`);
    const left = await t.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('stack_id', '=', demoId)
      .execute();
    expect(left.map((r) => r.endpoint).sort()).toEqual([aliceSub.endpoint, bobSub.endpoint].sort());
  });

  it('refuses endpoints the server may not reach, bad keys, and another member’s subscription', async () => {
    const sub = receiver.subscription('checks');
    const register = (endpoint: string, keys = sub.keys, who = 'carol') =>
      v2('POST', '/notification/push/subscription/', who, { endpoint, keys });
    expect((await register('http://169.254.169.254/latest/')).statusCode).toBe(400);
    expect((await register('ftp://push.example/')).statusCode).toBe(400);
    expect((await register(sub.endpoint, { p256dh: 'AAAA', auth: sub.keys.auth })).statusCode).toBe(400);
    expect((await register(sub.endpoint, { p256dh: sub.keys.p256dh, auth: 'AAAA' })).statusCode).toBe(400);
    const mine = (await register(sub.endpoint)).json();
    expect((await v2('DELETE', `/notification/push/subscription/${mine.id}/`, 'alice')).statusCode).toBe(404);
    expect((await v2('DELETE', `/notification/push/subscription/${mine.id}/`, 'carol')).statusCode).toBe(204);
  });

  it('refuses loopback push endpoints where private addresses are not allowed', async () => {
    const strict = { allowPrivate: false, allowedHosts: [] };
    const endpoint = receiver.subscription('strict').endpoint;
    expect(pushEndpointUrl(endpoint, strict)).toBeUndefined();
    const https = pushEndpointUrl(endpoint.replace('http:', 'https:'), strict)!;
    await expect(checkOutboundHost(https.hostname, strict)).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(
      deliverPush(
        { endpoint: https.toString(), ...receiver.subscription('strict2').keys },
        '{}',
        {
          ...webpush.generateVAPIDKeys(),
          subject: 'mailto:a@agora.test',
        },
        strict,
      ),
    ).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(receiver.pushes.some((p) => p.path.startsWith('/push/strict'))).toBe(false);
  });
});
