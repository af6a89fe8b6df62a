import type { FastifyRequest } from 'fastify';

/** The cookie in which the site keeps the language a visitor or member chose (`en` or `it`). */
export const SITE_LANGUAGE_COOKIE = 'agora_lang';

/**
 * The languages a page is written in, as an Accept-Language value: the one chosen on the site (its
 * cookie, set by the footer's choice or from the member's own language) first, else the browser's.
 */
export function pageLanguages(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SITE_LANGUAGE_COOKIE && (value === 'en' || value === 'it')) return value;
  }
  return request.headers['accept-language'];
}
