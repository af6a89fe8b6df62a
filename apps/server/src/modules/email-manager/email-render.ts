import { THEME_VARS, varsOfKey, type EmailFooterLink, type EmailLocale } from '@agora/contract';
import { htmlToText, renderSource, type EmailView } from './email-engine.ts';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface TemplateSource {
  subject: string;
  html: string;
  footer_links: readonly EmailFooterLink[];
  /** The template's sections in this language, by name (what `{{> name}}` includes). */
  sections?: Readonly<Record<string, string>>;
}

/** The theme may use its own variables and the community's name. */
export const THEME_ALLOWED: readonly string[] = [...THEME_VARS, 'community_name'];

/**
 * Renders a template inside a theme: the subject as plain text (no escaping, line breaks removed), the
 * body HTML-escaped into the theme's content slot, the text part from the whole HTML. Throws a
 * `TemplateProblem` when the template or the theme cannot be used.
 */
export function compose(
  template: TemplateSource,
  themeHtml: string,
  view: EmailView,
  allowed: readonly string[],
): RenderedEmail {
  const sections = template.sections ?? {};
  const subject = renderSource(template.subject, view, allowed, 'template', false, sections)
    .replace(/\s+/g, ' ')
    .trim();
  const content = renderSource(template.html, view, allowed, 'template', true, sections);
  const html = renderSource(
    themeHtml,
    {
      community_name: view.community_name ?? '',
      subject,
      content,
      footer_links: template.footer_links.map((l) => ({ label: l.label, url: l.url })),
    },
    THEME_ALLOWED,
    'theme',
    true,
  );
  return { subject, text: htmlToText(html), html };
}

export function allowedVars(key: string | null): readonly string[] {
  return varsOfKey(key);
}

/** A template's sections in one language, as `compose` takes them. */
export function sectionsIn(
  sections: ReadonlyArray<{ name: string; html: { en: string; it: string } }>,
  locale: EmailLocale,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const section of sections) out[section.name] = section.html[locale];
  return out;
}

export function pickLocale(value: unknown): EmailLocale {
  return value === 'it' ? 'it' : 'en';
}
