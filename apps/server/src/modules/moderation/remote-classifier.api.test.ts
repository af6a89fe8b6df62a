import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityFixture, createMember, form, memberSignIn } from '../../test-support/fixtures.ts';
import { createWordListClassifier } from './content-classifier.ts';
import { createRemoteClassifier } from './remote-classifier.ts';

/** A real HTTP moderation API on 127.0.0.1: flags texts containing "flagme", fails on "boom". */
interface Received {
  authorization: string | undefined;
  body: { input: string };
}
let api: http.Server;
let url: string;
const received: Received[] = [];

beforeAll(async () => {
  api = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw) as { input: string };
      received.push({ authorization: req.headers.authorization, body });
      if (body.input.includes('boom')) {
        res.writeHead(500).end();
        return;
      }
      const flagged = body.input.includes('flagme');
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          results: [{ flagged, categories: { harassment: flagged, sexual: false, violence: false } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1/moderations`;
});
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

describe('remote classifier', () => {
  it('asks the API with the key and maps its categories to our reasons', async () => {
    const classifier = createRemoteClassifier({ url, apiKey: 'k-123', fallback: createWordListClassifier() });
    expect(await classifier.classify('please flagme now')).toEqual({
      abusive: true,
      reason: 'aggressive',
      matches: ['harassment'],
    });
    expect(received.at(-1)).toEqual({ authorization: 'Bearer k-123', body: { input: 'please flagme now' } });
    // What the API lets through passes, even where the word lists would have flagged it.
    expect((await classifier.classify('what a moron')).abusive).toBe(false);
  });

  it('falls back to the word lists when the API fails', async () => {
    const failures: unknown[] = [];
    const classifier = createRemoteClassifier({
      url,
      fallback: createWordListClassifier(),
      onFailure: (e) => failures.push(e),
    });
    expect(await classifier.classify('boom, you are a total moron')).toMatchObject({
      abusive: true,
      reason: 'aggressive',
    });
    expect(failures).toHaveLength(1);
    const unreachable = createRemoteClassifier({
      url: 'http://127.0.0.1:9/',
      fallback: createWordListClassifier(),
    });
    expect((await unreachable.classify('fuck this')).reason).toBe('vulgar');
  });
});

describe('the AI bot with AGORA_MODERATION_API_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { AGORA_MODERATION_API_URL: url, AGORA_MODERATION_API_KEY: 'k-456' } });
  });
  afterAll(() => t.close());

  it("flags a member's post the external API calls abusive", async () => {
    const { demoId, admin } = await communityFixture(t, ADMIN_PASSWORD);
    const bot = await t.app.inject({
      method: 'POST',
      url: '/c/demo/platform/api/v1/bot/status/',
      ...form({ enabled: 'true' }, admin.bearer),
    });
    expect(bot.statusCode).toBe(200);
    await createMember(t.db, demoId, 'zed', 'zed-password-1');
    const zed = await memberSignIn(t.app, t.db, 'demo', 'zed', 'zed-password-1');
    const posted = await t.app.inject({
      method: 'POST',
      url: '/c/demo/api/v2/post/',
      headers: { ...zed.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'a polite text with flagme inside' }),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(received.at(-1)?.authorization).toBe('Bearer k-456');
    const flags = await t.app.inject({
      method: 'GET',
      url: '/c/demo/platform/api/v1/moderation/flags/',
      headers: admin.bearer,
    });
    const items = flags.json().data.results as {
      content_id: number;
      reasons: string[];
      flagged_by: string[];
    }[];
    const mine = items.find((i) => i.content_id === posted.json().id);
    expect(mine?.reasons).toEqual(['aggressive']);
  });
});
