import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themePaths } from '@agora/contract';
import { multipartBody, type FilePart } from '../../test-support/multipart-body.ts';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityFixture, createMember, memberSignIn, type SignedIn } from '../../test-support/fixtures.ts';

/**
 * The member site as a crawler and a browser without JavaScript see it (issue 18 §1, §4): pages
 * rendered on the server from the member API, with the console's SEO settings, and nothing of a
 * registered-only community's contents.
 */
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let t: TestApp;
let admin: SignedIn;
let demoId: number;
let discussionId: number;

const visit = (url: string, language = 'en-GB,en;q=0.9') =>
  t.app.inject({ method: 'GET', url, headers: { accept: HTML, 'accept-language': language } });

async function preferences(values: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/c/demo/platform/api/v1/dynamic_preference/update_multi/',
    headers: { ...admin.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(values),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The content of a `<meta>` tag (by name or property), or of the canonical link. */
function meta(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html);
  return tag?.[1];
}
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

/** A discussion by the member `writer`, through the member API; answers its id. */
async function discuss(fields: Record<string, unknown>): Promise<number> {
  const writer = await memberSignIn(t.app, t.db, 'demo', 'writer', 'writer-password-1');
  const created = await t.app.inject({
    method: 'POST',
    url: '/c/demo/api/v2/discussion/',
    headers: { ...writer.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(fields),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, demoId } = await communityFixture(t, ADMIN_PASSWORD));
  await createMember(t.db, demoId, 'writer', 'writer-password-1');
  discussionId = await discuss({
    title: 'Where to meet in June',
    text: '<p>The park &amp; the <b>library</b> are both free.</p><script>alert(1)</script>',
  });
}, 120_000);
afterAll(() => t.close());

describe('the member site, rendered on the server', () => {
  it('serves the home with the webmaster title, description and robots, and the public contents', async () => {
    await preferences({
      meta_title_home_not_logged: 'Demo — neighbours helping neighbours',
      meta_description: 'Ask, answer and meet the people of the neighbourhood.',
      meta_robots: 'index, follow',
      content_availability: true,
    });
    const home = await visit('/c/demo/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(title(home.body)).toBe('Demo — neighbours helping neighbours');
    expect(meta(home.body, 'description')).toBe('Ask, answer and meet the people of the neighbourhood.');
    expect(meta(home.body, 'robots')).toBe('index, follow');
    expect(canonical(home.body)).toBe(`${t.config.publicUrl}/c/demo/`);
    expect(meta(home.body, 'og:title')).toBe('Demo — neighbours helping neighbours');
    expect(home.body).toContain('Where to meet in June');
    // The address without its slash leads to the home.
    const bare = await t.app.inject({ method: 'GET', url: '/c/demo' });
    expect(bare.statusCode).toBe(308);
    expect(bare.headers.location).toBe('/c/demo/');
  });

  it("gives a contribution its own title, excerpt, canonical address and Open Graph article, with the member's markup as text", async () => {
    const page = await visit(`/c/demo/discussion/${discussionId}/where-to-meet-in-june`);
    expect(page.statusCode).toBe(200);
    expect(title(page.body)).toBe('Where to meet in June · Demo');
    expect(meta(page.body, 'description')).toContain('The park &#38; the library are both free.');
    expect(meta(page.body, 'og:type')).toBe('article');
    expect(canonical(page.body)).toBe(
      `${t.config.publicUrl}/c/demo/discussion/${discussionId}/where-to-meet-in-june`,
    );
    // What a member wrote is shown, never run: their tags are not in the page.
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).not.toContain('<b>library</b>');
  });

  it("gives a category its SEO title and meta description, and answers the community's 404 page for what does not exist", async () => {
    const categories = await t.app.inject({ method: 'GET', url: '/c/demo/api/v2/category/' });
    const category = categories.json().results[0] as { id: number; slug: string } | undefined;
    if (category) {
      await t.db
        .updateTable('categories')
        .set({ seo_title: 'Events near you', seo_description: 'What happens this month.' })
        .where('id', '=', category.id)
        .execute();
      const page = await visit(`/c/demo/category/${category.id}/${category.slug}`);
      expect(page.statusCode).toBe(200);
      expect(title(page.body)).toBe('Events near you');
      expect(meta(page.body, 'description')).toBe('What happens this month.');
    }
    expect((await visit('/c/demo/discussion/999999/')).statusCode).toBe(404);
    expect((await visit('/c/demo/no/such/page')).statusCode).toBe(404);
    // The APIs keep their JSON refusals, and an unknown method is still 405.
    const api = await t.app.inject({
      method: 'GET',
      url: '/c/demo/api/v2/nothing/',
      headers: { accept: HTML },
    });
    expect(api.json().errors[0].code).toBe('not_found');
    expect((await t.app.inject({ method: 'DELETE', url: '/c/demo/api/v2/custom_page/' })).statusCode).toBe(
      405,
    );
  });

  it('writes the page in the visitor’s language, Italian or English', async () => {
    const italian = await visit('/c/demo/categories', 'it-IT,it;q=0.9,en;q=0.5');
    expect(italian.body).toContain('<html lang="it">');
    expect(title(italian.body)).toBe('Categorie · Demo');
    const english = await visit('/c/demo/categories', 'de-DE,de;q=0.9');
    expect(english.body).toContain('<html lang="en">');
    // The language chosen on the site (kept in a cookie) comes before the browser's.
    const chosen = await t.app.inject({
      method: 'GET',
      url: '/c/demo/categories',
      headers: { accept: HTML, 'accept-language': 'en-GB,en', cookie: 'theme=dark; agora_lang=it' },
    });
    expect(chosen.body).toContain('<html lang="it">');
    expect(chosen.headers.vary).toContain('Cookie');
  });

  it('renders nothing of a registered-only community’s contents for visitors and crawlers: the page says sign in', async () => {
    await preferences({ content_availability: false });
    try {
      const home = await visit('/c/demo/');
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('Members only');
      expect(home.body).not.toContain('Where to meet in June');
      const page = await visit(`/c/demo/discussion/${discussionId}/`);
      expect(page.body).not.toContain('Where to meet in June');
      expect(page.body).not.toContain('library');
    } finally {
      await preferences({ content_availability: true });
    }
  });

  it('welcomes a visitor with the ways in when the explore feed is off, and has no explore page then', async () => {
    await preferences({
      explore_stream_enabled: false,
      application_slogan1: 'Neighbours, one street at a time',
    });
    try {
      const home = await visit('/c/demo/');
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('Neighbours, one street at a time');
      expect(home.body).toContain('href="/c/demo/signup"');
      expect(home.body).not.toContain('Where to meet in June');
      expect((await visit('/c/demo/explore')).statusCode).toBe(404);
    } finally {
      await preferences({ explore_stream_enabled: true });
    }
  });

  it("shows the theme's covers on the home, each in its responsive variants, unless they are hidden", async () => {
    const bytes = await sharp({
      create: { width: 640, height: 200, channels: 3, background: { r: 40, g: 120, b: 160 } },
    })
      .png()
      .toBuffer();
    const upload = (fields: Record<string, string>, file?: FilePart) =>
      t.app.inject({
        method: 'POST',
        url: `/c/demo${themePaths.uploadImage}`,
        ...multipartBody(fields, file, admin.bearer),
      });
    const stored = await upload(
      { name: 'cover_1_hp_m1920' },
      { filename: 'cover.png', contentType: 'image/png', bytes },
    );
    expect(stored.statusCode, stored.body).toBe(200);
    const cover = stored.json().data.image.url as string;
    try {
      const home = await visit('/c/demo/');
      expect(home.body).toContain(`src="${cover}"`);
      expect(home.body).toContain(cover.replace(/original\.png$/, 'w480.webp 480w'));
      await preferences({ covers_visibility: 0 });
      expect((await visit('/c/demo/')).body).not.toContain(`src="${cover}"`);
    } finally {
      await preferences({ covers_visibility: 1 });
      await upload({ name: 'cover_1_hp_m1920', remove: 'true' });
    }
  });

  it('tells crawlers where the sitemap is, lists the public pages and contributions, and keeps out when told noindex', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/c/demo/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain(`Sitemap: ${t.config.publicUrl}/c/demo/sitemap.xml`);
    const index = await t.app.inject({ method: 'GET', url: '/c/demo/sitemap.xml' });
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<sitemapindex');
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
      m[1]!.replace(t.config.publicUrl, ''),
    );
    expect(files).toEqual(['/c/demo/sitemap/pages.xml', '/c/demo/sitemap/contents/1.xml']);
    const pages = await t.app.inject({ method: 'GET', url: files[0]! });
    expect(pages.body).toContain(`<loc>${t.config.publicUrl}/c/demo/</loc>`);
    expect(pages.body).toContain(`<loc>${t.config.publicUrl}/c/demo/categories</loc>`);
    const contents = await t.app.inject({ method: 'GET', url: files[1]! });
    expect(contents.body).toContain(`/c/demo/discussion/${discussionId}/where-to-meet-in-june</loc>`);
    expect((await t.app.inject({ method: 'GET', url: '/c/demo/sitemap/contents/2.xml' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/c/demo/sitemap/contents/zero.xml' })).statusCode).toBe(
      400,
    );

    await preferences({ meta_robots: 'noindex, nofollow' });
    try {
      const refused = await t.app.inject({ method: 'GET', url: '/c/demo/robots.txt' });
      expect(refused.body).toBe('User-agent: *\nDisallow: /\n');
      expect(meta((await visit('/c/demo/')).body, 'robots')).toBe('noindex, nofollow');
    } finally {
      await preferences({ meta_robots: 'index, follow' });
    }
  });

  it("lists each category's contents while the community has explore off", async () => {
    const category = await t.db
      .insertInto('categories')
      .values({ stack_id: demoId, name: 'Meetups', slug: 'meetups' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const picnic = await discuss({
      title: 'Picnic in July',
      text: '<p>Bring fruit.</p>',
      categories: [category.id],
    });
    await preferences({ explore_stream_enabled: false });
    try {
      const index = await t.app.inject({ method: 'GET', url: '/c/demo/sitemap.xml' });
      const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
        m[1]!.replace(t.config.publicUrl, ''),
      );
      expect(files).not.toContain('/c/demo/sitemap/contents/1.xml');
      const categoryFiles = files.filter((file) => /^\/c\/demo\/sitemap\/category\/\d+\/1\.xml$/.test(file));
      expect(categoryFiles.length).toBeGreaterThan(0);
      const listed = (
        await Promise.all(categoryFiles.map((url) => t.app.inject({ method: 'GET', url })))
      ).map((file) => file.body);
      expect(categoryFiles).toContain(`/c/demo/sitemap/category/${category.id}/1.xml`);
      expect(listed.join('')).toContain(`/c/demo/discussion/${picnic}/picnic-in-july</loc>`);
      const pages = await t.app.inject({ method: 'GET', url: '/c/demo/sitemap/pages.xml' });
      expect(pages.body).not.toContain('/c/demo/explore</loc>');
      expect(pages.body).toContain('/c/demo/categories</loc>');
      const past = categoryFiles[0]!.replace('/1.xml', '/2.xml');
      expect((await t.app.inject({ method: 'GET', url: past })).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: '/c/demo/sitemap/category/x/1.xml' })).statusCode,
      ).toBe(400);
    } finally {
      await preferences({ explore_stream_enabled: true });
    }
  });

  it("lists nothing of a registered-only community's contents in its sitemap", async () => {
    await preferences({ content_availability: false });
    try {
      const index = await t.app.inject({ method: 'GET', url: '/c/demo/sitemap.xml' });
      expect(index.body).not.toContain('/contents/');
      const pages = await t.app.inject({ method: 'GET', url: '/c/demo/sitemap/pages.xml' });
      expect([...pages.body.matchAll(/<loc>/g)]).toHaveLength(1);
      const contents = await t.app.inject({ method: 'GET', url: '/c/demo/sitemap/contents/1.xml' });
      expect(contents.body).not.toContain('discussion');
    } finally {
      await preferences({ content_availability: true });
    }
  });

  it("shows the console's custom navbar item in the navbar, rendered on the server", async () => {
    await preferences({
      custom_navbar_item_enabled: true,
      custom_navbar_item_text: 'Our shop',
      custom_navbar_item_url: 'https://shop.example.org/',
    });
    try {
      const home = await visit('/c/demo/');
      expect(home.body).toContain('href="https://shop.example.org/"');
      expect(home.body).toContain('Our shop');
    } finally {
      await preferences({ custom_navbar_item_enabled: false });
    }
  });

  it('renders a general page of the console at /pages/{slug}, its body as the server sanitised it', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/c/demo/platform/api/v1/custom_pages/add/',
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({
        title: 'How we moderate',
        slug: 'how-we-moderate',
        html_body: '<p>Be <em>kind</em>.</p><script>alert(1)</script>',
        active: true,
      }),
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const page = await visit('/c/demo/pages/how-we-moderate');
    expect(page.statusCode).toBe(200);
    expect(title(page.body)).toBe('How we moderate · Demo');
    expect(page.body).toContain('Be <em>kind</em>.');
    expect(page.body).not.toContain('alert(1)');
    expect((await visit('/c/demo/pages/no-such-page')).statusCode).toBe(404);
  });

  it("tells a banned member's sign-in why, with its own code beside RFC 6749's invalid_grant", async () => {
    const writerId = (
      await t.db
        .selectFrom('community_users')
        .select('id')
        .where('username', '=', 'writer')
        .executeTakeFirstOrThrow()
    ).id;
    const ban = await t.app.inject({
      method: 'POST',
      url: `/c/demo/platform/api/v1/moderation/users/${writerId}/`,
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'banned', days: 3 }),
    });
    expect(ban.statusCode, ban.body).toBe(200);
    const refused = await memberSignIn(t.app, t.db, 'demo', 'writer', 'writer-password-1').catch(
      (error: Error) => error.message,
    );
    expect(refused).toContain('"error":"invalid_grant"');
    expect(refused).toContain('"code":"account_blocked"');
    expect(refused).toMatch(/blocked until \d{4}-\d{2}-\d{2}T/);
  });
});
