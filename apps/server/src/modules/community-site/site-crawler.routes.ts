import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { findStackBySlug } from '../stacks/stack-row.repository.ts';
import { isRefusal, memberApiReader } from './member-api-reader.ts';
import { siteAddress } from './site-address.ts';

/** Contributions per sitemap file (the member API's largest page). */
export const SITEMAP_PAGE_SIZE = 1000;
const RUNNING = new Set(['online', 'started']);

interface ApiPage<T> {
  count: number;
  results: T[];
}
interface FeedUnit {
  type: string;
  [kind: string]: unknown;
}
interface Contribution {
  id: number;
  type: string;
  slug: string;
  last_activity_at: string;
}
interface Category {
  id: number;
  slug: string;
  lastmod_datetime?: string;
}
type Reader = (path: string) => Promise<unknown>;
interface Preference {
  name: string;
  value: unknown;
}

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const pageParam = z.coerce.number().int().min(1).max(100_000);
const contentsParams = slugParams.extend({ page: pageParam });
const categoryContentsParams = slugParams.extend({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  page: pageParam,
});

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function urlset(entries: { loc: string; lastmod?: string }[]): string {
  const urls = entries.map(
    (e) =>
      `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Whether the webmaster robots setting keeps search engines out. */
function refusesRobots(robots: string): boolean {
  return /\bnoindex\b/i.test(robots);
}

/**
 * What search engines read of a community's site (issue 18 §1): `robots.txt`, pointing at the
 * sitemap (or refusing every page when the webmaster robots setting says `noindex`), and the sitemap,
 * an index of one file of the site's pages and files of its public contributions (the explore feed's,
 * or each category's while explore is off), all read from the member API as a visitor: a
 * registered-only community's sitemap lists the home alone.
 */
export function registerSiteCrawlerRoutes(app: FastifyInstance, deps: PlatformDeps): void {
  async function community(request: FastifyRequest, slug: string) {
    const stack = await findStackBySlug(deps.db, slug);
    if (!stack || !RUNNING.has(stack.status)) throw AppError.notFound('This community is not found');
    const { origin, base } = siteAddress(request, deps.config.publicUrl, slug);
    return { read: memberApiReader(app, slug), site: `${origin}${base}` };
  }

  /** The preferences a crawler file needs, by name. */
  async function preferences(read: Reader): Promise<Map<string, unknown>> {
    const page = (await read('dynamic_preference/?limit=1000')) as ApiPage<Preference>;
    return new Map(page.results.map((p) => [p.name, p.value]));
  }

  /** A list the visitor may read; undefined when the community keeps it for members or has it off. */
  async function maybe<T>(read: Reader, path: string): Promise<ApiPage<T> | undefined> {
    try {
      return (await read(path)) as ApiPage<T>;
    } catch (error) {
      if (isRefusal(error) && error.status < 500) return undefined;
      throw error;
    }
  }
  const readable = async <T>(read: Reader, path: string): Promise<ApiPage<T>> =>
    (await maybe<T>(read, path)) ?? { count: 0, results: [] };

  /**
   * Where a visitor reads the public contributions, each a run of sitemap files: the explore feed;
   * while the community has explore off, each category's feed instead (contents in no category are
   * then reached through their authors' profiles only).
   */
  async function contentSources(read: Reader): Promise<{ file: string; count: number }[]> {
    const explore = await maybe<FeedUnit>(read, 'feed/explore/?ordering=recent&limit=1');
    if (explore) return [{ file: 'contents', count: explore.count }];
    const categories = await readable<Category>(read, 'category/?limit=1000');
    const feeds = await Promise.all(
      categories.results.map(async (category) => ({
        file: `category/${category.id}`,
        count: (await readable<FeedUnit>(read, `category/${category.id}/feed/?limit=1`)).count,
      })),
    );
    return feeds.filter((feed) => feed.count > 0);
  }

  /** One sitemap file of a feed's contributions (1000 a file), or 404 past its end. */
  async function contentsFile(reply: FastifyReply, site: string, read: Reader, feed: string, page: number) {
    const offset = (page - 1) * SITEMAP_PAGE_SIZE;
    const separator = feed.includes('?') ? '&' : '?';
    const units = await readable<FeedUnit>(
      read,
      `${feed}${separator}limit=${SITEMAP_PAGE_SIZE}&offset=${offset}`,
    );
    if (units.results.length === 0 && page > 1) throw AppError.notFound('This sitemap page is empty');
    const entries = units.results.flatMap((unit) => {
      const object = unit[unit.type] as Contribution | undefined;
      if (!object) return [];
      return [
        {
          loc: `${site}/${object.type}/${object.id}${object.slug ? `/${object.slug}` : ''}`,
          lastmod: object.last_activity_at,
        },
      ];
    });
    return xml(reply, urlset(entries));
  }

  const xml = (reply: FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body);

  app.get('/c/:slug/robots.txt', { schema: { params: slugParams, hide: true } }, async (request, reply) => {
    const { slug } = request.params as z.infer<typeof slugParams>;
    const found = await community(request, slug);
    const robots = String((await preferences(found.read)).get('meta_robots') ?? '');
    const rules = refusesRobots(robots)
      ? ['User-agent: *', 'Disallow: /']
      : ['User-agent: *', 'Allow: /', '', `Sitemap: ${found.site}/sitemap.xml`];
    return reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(`${rules.join('\n')}\n`);
  });

  app.get('/c/:slug/sitemap.xml', { schema: { params: slugParams, hide: true } }, async (request, reply) => {
    const { slug } = request.params as z.infer<typeof slugParams>;
    const found = await community(request, slug);
    const files = [`${found.site}/sitemap/pages.xml`];
    for (const source of await contentSources(found.read)) {
      for (let page = 1; page <= Math.ceil(source.count / SITEMAP_PAGE_SIZE); page += 1) {
        files.push(`${found.site}/sitemap/${source.file}/${page}.xml`);
      }
    }
    const entries = files.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
    return xml(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
    );
  });

  app.get(
    '/c/:slug/sitemap/pages.xml',
    { schema: { params: slugParams, hide: true } },
    async (request, reply) => {
      const { slug } = request.params as z.infer<typeof slugParams>;
      const found = await community(request, slug);
      const explore = await maybe<FeedUnit>(found.read, 'feed/explore/?limit=1');
      const categories = await readable<Category>(found.read, 'category/?limit=1000');
      const first = categories.results[0];
      // Categories are listed where a visitor may read their contents (not in a registered-only one).
      const contentsPublic =
        explore !== undefined ||
        (first !== undefined &&
          (await maybe(found.read, `category/${first.id}/feed/?limit=1`)) !== undefined);
      const entries = [{ loc: `${found.site}/` }];
      if (explore) entries.push({ loc: `${found.site}/explore` });
      if (contentsPublic) {
        entries.push({ loc: `${found.site}/categories` });
        for (const category of categories.results) {
          entries.push({
            loc: `${found.site}/category/${category.id}/${category.slug}`,
            ...(category.lastmod_datetime ? { lastmod: category.lastmod_datetime } : {}),
          });
        }
      }
      return xml(reply, urlset(entries));
    },
  );

  app.get(
    '/c/:slug/sitemap/contents/:page.xml',
    { schema: { params: contentsParams, hide: true } },
    async (request, reply) => {
      const { slug, page } = request.params as z.infer<typeof contentsParams>;
      const found = await community(request, slug);
      return contentsFile(reply, found.site, found.read, 'feed/explore/?ordering=recent', page);
    },
  );

  app.get(
    '/c/:slug/sitemap/category/:id/:page.xml',
    { schema: { params: categoryContentsParams, hide: true } },
    async (request, reply) => {
      const { slug, id, page } = request.params as z.infer<typeof categoryContentsParams>;
      const found = await community(request, slug);
      return contentsFile(reply, found.site, found.read, `category/${id}/feed/`, page);
    },
  );
}
