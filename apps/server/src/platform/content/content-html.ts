/**
 * What members write arrives as `html` (the composer) or `text` (plain). Contents are stored as
 * HTML restricted to a small set of formatting tags: every other tag and every attribute is
 * dropped (links keep an http(s)/mailto href), and script/style bodies are removed whole.
 */
const ALLOWED = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'span',
]);
const VOID = new Set(['br']);

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>|<!--[\s\S]*?-->/g;

function safeHref(attributes: string): string | undefined {
  const match = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  const href = (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim();
  return /^(https?:|mailto:)/i.test(href) ? href : undefined;
}

export function sanitizeHtml(html: string): string {
  const withoutCode = html.replace(/<(script|style|iframe|object|embed)\b[\s\S]*?<\/\1\s*>/gi, '');
  let out = '';
  let last = 0;
  for (const match of withoutCode.matchAll(TAG)) {
    out += escapeText(withoutCode.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[1]?.toLowerCase();
    if (!name || !ALLOWED.has(name)) continue;
    const closing = match[0].startsWith('</');
    if (closing) {
      if (!VOID.has(name)) out += `</${name}>`;
    } else if (name === 'a') {
      const href = safeHref(match[2] ?? '');
      out += href ? `<a href="${escapeHtml(href)}" rel="nofollow noopener" target="_blank">` : '<a>';
    } else {
      out += `<${name}>`;
    }
  }
  return out + escapeText(withoutCode.slice(last));
}

/** Text between tags: keeps entities, escapes stray angle brackets. */
function escapeText(text: string): string {
  return text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Plain text written by a member, as HTML paragraphs. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The plain text of stored HTML (for summaries, the moderation bot and comments' `text`). */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h[1-4]|blockquote|pre)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function summaryOf(html: string, length = 200): string {
  const flat = htmlToText(html).replace(/\s+/g, ' ');
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/** The body to store: sanitized `html` when given, else `text` as paragraphs. */
export function bodyOf(input: { html?: string; text?: string }): string {
  if (input.html !== undefined && input.html.trim() !== '') return sanitizeHtml(input.html.trim());
  return textToHtml(input.text ?? '');
}

export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
