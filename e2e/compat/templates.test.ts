import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { consoleCall, startCompatServer, type CompatServer } from './compat-server.ts';
import { sdk } from './sdk.ts';
import { freePort } from '../support/free-port.ts';

/**
 * SelfCommunity's own member templates run on Agora unchanged (issue 18 §3): `@selfcommunity/
 * react-templates` with react-ui and react-core, bundled as an integrator would (templates/, its own
 * package and lockfile), mounted on a page served from another loopback port with the context provider
 * pointing at the demo community and a member's token. For each template, in Chromium: every call to
 * the API answers below 400, no page error, and the seeded contents are on the screen. Nothing leaves
 * the machine: every request to a host other than 127.0.0.1 is aborted.
 */
const BUNDLE = path.join(import.meta.dirname, 'templates', 'dist');
const CHROMIUM = '/usr/bin/chromium';

interface Seed {
  token: string;
  alice: number;
  category: number;
  post: number;
}

let server: CompatServer;
let pages: http.Server;
let pageOrigin: string;
let browser: Browser;
let context: BrowserContext;
/** Requests to other hosts than 127.0.0.1 during the current visit (refused). */
const blocked: string[] = [];
let seed: Seed;

/** Serves the bundle (dist/) on a loopback port of its own: the API is another origin, as for integrators. */
async function serveBundle(): Promise<{ server: http.Server; origin: string }> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.ttf': 'font/ttf',
    '.woff': 'font/woff',
    '.woff2': 'font/woff2',
    '.eot': 'application/vnd.ms-fontobject',
  };
  const port = await freePort();
  const files = new http.Server((req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(BUNDLE, name);
    if (!name || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': types[path.extname(name)] ?? 'application/octet-stream',
      'cache-control': name === 'page.html' ? 'no-cache' : 'max-age=3600',
    });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => files.listen(port, '127.0.0.1', resolve));
  return { server: files, origin: `http://127.0.0.1:${port}` };
}

/** Members and contents the templates show, made through the member API as the SDK does. */
async function seedCommunity(): Promise<Seed> {
  sdk.http.setBasePortal(`${server.url}/c/demo`);
  const key = await consoleCall(server, 'POST', '/configuration/jwt/refresh_secret/');
  const jwtKey = (key.data as { jwt_secret_key: string }).jwt_secret_key;
  sdk.http.setAuthorizeToken(server.adminToken);
  const alice = (await sdk.SSOService.SignUp({ username: 'alice', email: 'alice@members.test' })).id;
  const bob = (await sdk.SSOService.SignUp({ username: 'bob', email: 'bob@members.test' })).id;
  const category = (
    await sdk.CategoryService.createCategory({ name: 'Vegetable garden', slug: '_GENERATE_' })
  ).id;
  const aliceToken = await sdk.generateJWTToken(alice, jwtKey, '2h');
  sdk.http.setAuthorizeToken(aliceToken);
  await sdk.CategoryService.followCategory(category);
  const post = await sdk.FeedObjectService.createFeedObject('post', {
    html: '<p>Tomatoes are in this week</p>',
    categories: [category],
  });
  sdk.http.setAuthorizeToken(await sdk.generateJWTToken(bob, jwtKey, '2h'));
  await sdk.CommentService.createComment({ post: post.id, html: '<p>Lovely red tomatoes</p>' });
  await sdk.FeedObjectService.voteFeedObject('post', post.id);
  sdk.http.setAuthorizeToken();
  return { token: aliceToken, alice, category, post: post.id };
}

interface Visit {
  /** Every API call the template made: method, path below /api/v2/ and status. */
  calls: string[];
  failed: string[];
  errors: string[];
  blocked: string[];
}

/**
 * Opens one template and records its traffic until `shown` is on the screen. The pages share one
 * browser context, so the bundle is fetched and compiled once.
 */
async function visit(template: string, shown: string[]): Promise<Visit> {
  const visit: Visit = { calls: [], failed: [], errors: [], blocked };
  blocked.length = 0;
  const page = await context.newPage();
  const api = `${server.url}/c/demo/api/v2/`;
  const name = (url: string) => url.slice(api.length);
  page.on('response', (res) => {
    if (!res.url().startsWith(api)) return;
    const call = `${res.request().method()} ${name(res.url())} ${res.status()}`;
    visit.calls.push(call);
    if (res.status() >= 400) visit.failed.push(call);
  });
  page.on('requestfailed', (req) => {
    if (req.url().startsWith(api))
      visit.failed.push(`${req.method()} ${name(req.url())} ${req.failure()?.errorText}`);
  });
  page.on('pageerror', (error) => visit.errors.push(error.stack ?? error.message));
  const query = new URLSearchParams({
    portal: `${server.url}/c/demo`,
    token: seed.token,
    contribution: String(seed.post),
    category: String(seed.category),
    user: String(seed.alice),
  });
  try {
    await page.goto(`${pageOrigin}/page.html?${query}#${template}`);
    for (const text of shown) {
      await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout: 15000 });
    }
    // The calls the first render started have answered.
    await page.waitForLoadState('networkidle');
  } catch (error) {
    throw new Error(
      `${template}: ${(error as Error).message.split('\n')[0]}\n  failed: ${visit.failed.join(', ') || 'none'}` +
        `\n  page errors: ${visit.errors.join(' | ') || 'none'}\n  calls: ${visit.calls.join(', ')}`,
    );
  } finally {
    await page.close();
  }
  return visit;
}

beforeAll(async () => {
  if (!existsSync(path.join(BUNDLE, 'page.html')) || !existsSync(path.join(BUNDLE, 'page.js'))) {
    throw new Error(
      `The SelfCommunity templates bundle is missing (${BUNDLE}): run \`npm run compat:templates:install\` first.`,
    );
  }
  const bundle = await serveBundle();
  pages = bundle.server;
  pageOrigin = bundle.origin;
  server = await startCompatServer({ AGORA_CORS_ORIGINS: pageOrigin });
  seed = await seedCommunity();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  context = await browser.newContext();
  // Only loopback: anything else the templates ask for (fonts, avatars, analytics) is refused.
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    blocked.push(url.href);
    return route.abort('blockedbyclient');
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => pages?.close(resolve));
});

const POST = 'Tomatoes are in this week';
const cases: [template: string, shown: string[]][] = [
  ['MainFeed', [POST]],
  ['ExploreFeed', [POST]],
  ['NotificationFeed', ['Lovely red tomatoes']],
  ['FeedObjectDetail', [POST, 'Lovely red tomatoes']],
  ['Category', ['Vegetable garden', POST]],
  ['CategoryFeed', [POST]],
  ['UserProfile', ['alice', POST]],
  ['UserFeed', [POST]],
];

describe("SelfCommunity's member templates in Chromium", () => {
  it.each(cases)('%s renders with no failed call and no page error', async (template, shown) => {
    const seen = await visit(template, shown);
    console.log(
      `${template}: ${seen.calls.join(', ')}${seen.blocked.length ? `; blocked ${seen.blocked.join(', ')}` : ''}`,
    );
    expect(seen.failed, `${template}: failed API calls (${seen.calls.join(', ')})`).toEqual([]);
    expect(seen.errors, `${template}: page errors (${seen.errors.join(' | ')})`).toEqual([]);
    expect(seen.calls.length).toBeGreaterThan(0);
  });
});
