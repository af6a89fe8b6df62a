/** What a page tells browsers, search engines and link previews about itself (ADR 0036). */
export interface PageHead {
  title: string;
  description: string;
  /** Open Graph type: the home and lists are websites, a contribution is an article. */
  type: 'website' | 'article';
  /** An absolute or site-relative image for link previews. */
  image?: string;
}

export interface HeadSetting {
  /** The page's own absolute address, without tracking or paging noise. */
  canonical: string;
  /** The webmaster robots setting (`index, follow`, `noindex, nofollow`, …). */
  robots: string;
  siteName: string;
  locale: 'en' | 'it';
  /** The origin, to make a site-relative image absolute. */
  origin: string;
  /** The community's app icon (the theme's `app_icon`), the tab's icon; none when unset. */
  icon?: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A description of at most `max` characters, cut at a word. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The `<head>` tags of a page: title, description, robots, canonical, Open Graph and Twitter. */
export function headTags(head: PageHead, setting: HeadSetting): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    content ? `<meta ${attr}="${key}" content="${escapeHtml(content)}">` : '';
  const image = head.image ? new URL(head.image, setting.origin).toString() : '';
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', setting.robots),
    `<link rel="canonical" href="${escapeHtml(setting.canonical)}">`,
    setting.icon ? `<link rel="icon" href="${escapeHtml(setting.icon)}">` : '',
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', setting.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', setting.canonical),
    meta('property', 'og:locale', setting.locale === 'it' ? 'it_IT' : 'en_US'),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
  ]
    .filter(Boolean)
    .join('\n');
}
