import type { FastifyInstance } from 'fastify';
import { preferenceDefinition } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { storedValues } from '../dynamic-preferences/dynamic-preferences.repository.ts';
import { findStackBySlug } from './stack-row.repository.ts';
import { landingLocale, renderLanding, type LandingState } from './community-landing.page.ts';

/** The preferences the landing shows (theme colours and font, logo, name, description, joining). */
const SHOWN = [
  'application_name',
  'meta_description',
  'application_slogan1',
  'navbar_logo',
  'logo_light',
  'colorprimary',
  'colorback',
  'boxcolorback',
  'font_color',
  'font_color_secondary',
  'font_family',
  'registration_mode',
] as const;

/** Open for members while it runs; any other status (stopped, frozen, restarting…) is maintenance. */
const RUNNING = new Set(['online', 'started']);

/** The logo on the page's own origin when it was stored under PUBLIC_URL (the page may be opened elsewhere). */
function sameOriginPath(url: string, publicUrl: string): string {
  return url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : url;
}

/**
 * `/c/{slug}` and `/c/{slug}/`: the community's public landing (issue 12 §1), where the console's
 * "Go to your Community" leads until the member site exists. No sign-in; an unknown slug is 404.
 */
export function registerCommunityLandingRoute(
  app: FastifyInstance,
  deps: { db: Db; publicUrl: string },
): void {
  const handler = async (request: { params: unknown; headers: Record<string, unknown> }) => {
    const { slug } = request.params as { slug: string };
    const stack = await findStackBySlug(deps.db, slug);
    if (!stack) throw AppError.notFound('This community is not found');
    const stored = await storedValues(deps.db, stack.id, [...SHOWN]);
    const value = (name: (typeof SHOWN)[number]) =>
      stored.get(name) ?? String(preferenceDefinition(name)?.default ?? '');
    const state: LandingState = !RUNNING.has(stack.status)
      ? 'maintenance'
      : value('registration_mode') === 'invitation_only'
        ? 'invitation_only'
        : 'open';
    const logo = value('navbar_logo') || value('logo_light');
    return renderLanding(
      {
        name: value('application_name') || stack.name,
        description: value('meta_description') || value('application_slogan1'),
        logo: logo ? sameOriginPath(logo, deps.publicUrl) : '',
        state,
        colors: {
          primary: value('colorprimary'),
          background: value('colorback'),
          box: value('boxcolorback'),
          text: value('font_color'),
          secondary: value('font_color_secondary'),
        },
        fontFamily: value('font_family'),
      },
      landingLocale(
        typeof request.headers['accept-language'] === 'string'
          ? request.headers['accept-language']
          : undefined,
      ),
    );
  };
  for (const url of ['/c/:slug', '/c/:slug/']) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      const html = await handler(request);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Language')
        .send(html);
    });
  }
}
