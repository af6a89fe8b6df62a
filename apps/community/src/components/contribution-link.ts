import type { FeedObject } from '../site-api/site-shapes.ts';

/** A contribution's address on the site: `/{type}/{id}/{slug}` (the slug only for reading). */
export function contributionPath(object: Pick<FeedObject, 'type' | 'id' | 'slug'>): string {
  return `/${object.type}/${object.id}${object.slug ? `/${object.slug}` : ''}`;
}

/** A category's address on the site. */
export function categoryPath(category: { id: number; slug: string }): string {
  return `/category/${category.id}${category.slug ? `/${category.slug}` : ''}`;
}

/** What a contribution is called: its title, else the start of its text. */
export function contributionTitle(object: Pick<FeedObject, 'title' | 'summary'>, max = 90): string {
  const text = (object.title || object.summary || '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
