/**
 * A community's public landing page (`/c/{slug}`, issue 12 §1), until the member site exists: its
 * name, logo, description and state, in its theme's colours. Plain HTML with no script, in English
 * or Italian as the browser asks; every value is escaped.
 */
export type LandingState = 'open' | 'invitation_only' | 'maintenance';
export type LandingLocale = 'en' | 'it';

export interface LandingContent {
  name: string;
  description: string;
  /** Path or address of the logo; empty when the community has none. */
  logo: string;
  state: LandingState;
  colors: { primary: string; background: string; box: string; text: string; secondary: string };
  fontFamily: string;
}

const TEXT: Record<LandingLocale, Record<LandingState | 'stateLabel' | 'noDescription', string>> = {
  en: {
    stateLabel: 'State',
    open: 'Open: anyone can join.',
    invitation_only: 'By invitation only.',
    maintenance: 'Closed for maintenance. Please come back later.',
    noDescription: 'This community has not written its description yet.',
  },
  it: {
    stateLabel: 'Stato',
    open: 'Aperta: chiunque può iscriversi.',
    invitation_only: 'Solo su invito.',
    maintenance: 'Chiusa per manutenzione. Torna più tardi.',
    noDescription: 'Questa community non ha ancora scritto la sua descrizione.',
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A CSS colour as the theme stores it (#rgb or #rrggbb); anything else falls back. */
const safeColor = (value: string, fallback: string) =>
  /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : fallback;

/** The page's language from Accept-Language: Italian when preferred before English, else English. */
export function landingLocale(acceptLanguage: string | undefined): LandingLocale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'it' || tag === 'en') return tag;
  }
  return 'en';
}

export function renderLanding(content: LandingContent, locale: LandingLocale): string {
  const text = TEXT[locale];
  const c = content.colors;
  const primary = safeColor(c.primary, '#2b6d6d');
  const name = escapeHtml(content.name);
  const logo = content.logo ? `<img class="logo" src="${escapeHtml(content.logo)}" alt="${name}">` : '';
  const description = content.description
    ? `<p class="description">${escapeHtml(content.description)}</p>`
    : `<p class="description muted">${escapeHtml(text.noDescription)}</p>`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}</title>
<style>
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    background: ${safeColor(c.background, '#f5f5f5')}; color: ${safeColor(c.text, '#212121')};
    font-family: ${JSON.stringify(content.fontFamily)}, system-ui, sans-serif; font-size: 16px; }
  main { max-width: 40rem; margin: 1.5rem; padding: 2rem; border-radius: 12px;
    background: ${safeColor(c.box, '#ffffff')}; border-top: 6px solid ${primary};
    box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .logo { max-height: 72px; max-width: 100%; display: block; margin-bottom: 1rem; }
  h1 { margin: 0 0 .75rem; font-size: 1.75rem; }
  .description { line-height: 1.5; white-space: pre-line; }
  .muted, .state-label { color: ${safeColor(c.secondary, '#616161')}; }
  .state { margin-top: 1.5rem; padding: .75rem 1rem; border-radius: 8px; border: 1px solid ${primary}; }
</style>
</head>
<body>
<main>
${logo}
<h1>${name}</h1>
${description}
<p class="state" data-state="${content.state}"><span class="state-label">${escapeHtml(text.stateLabel)}:</span> ${escapeHtml(text[content.state])}</p>
</main>
</body>
</html>
`;
}
