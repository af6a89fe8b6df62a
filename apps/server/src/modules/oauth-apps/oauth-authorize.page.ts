/*
 * The community's sign-in and consent page of the authorization code grant (issue 15 §2): a small
 * server-rendered form, in English or Italian as the browser asks, every value escaped, its own
 * Content-Security-Policy (no script at all, never framed).
 */

export type AuthorizeLocale = 'en' | 'it';

const TEXT = {
  en: {
    title: (community: string) => `Sign in to ${community}`,
    intro: (app: string, community: string) =>
      `${app} asks to use your ${community} account: it will read and write on your behalf.`,
    returnTo: (host: string) => `You will then return to ${host}.`,
    username: 'Username or email',
    password: 'Password',
    allow: 'Sign in and allow',
    deny: 'Deny',
    wrongCredentials: 'Unable to sign in with the provided credentials.',
    throttled: 'Too many attempts. Try again later.',
    refused: 'Your account may not sign in to this community.',
    required: 'Enter your username or email and your password.',
    errorTitle: 'This sign-in cannot go on',
    unknown_client: 'This application is not registered in this community.',
    redirect_uri:
      'The address this application asked to return to is not registered for it. Nothing was sent there.',
    csrf: 'This form has expired or did not come from this page. Go back to the application and start again.',
    appDescription: 'About the application',
  },
  it: {
    title: (community: string) => `Accedi a ${community}`,
    intro: (app: string, community: string) =>
      `${app} chiede di usare il tuo account di ${community}: potrà leggere e scrivere per tuo conto.`,
    returnTo: (host: string) => `Poi tornerai a ${host}.`,
    username: 'Nome utente o email',
    password: 'Password',
    allow: 'Accedi e consenti',
    deny: 'Rifiuta',
    wrongCredentials: 'Impossibile accedere con le credenziali fornite.',
    throttled: 'Troppi tentativi. Riprova più tardi.',
    refused: 'Il tuo account non può accedere a questa community.',
    required: 'Inserisci nome utente o email e password.',
    errorTitle: 'Questo accesso non può proseguire',
    unknown_client: 'Questa applicazione non è registrata in questa community.',
    redirect_uri:
      "L'indirizzo a cui l'applicazione chiede di tornare non è registrato per lei. Non è stato inviato nulla.",
    csrf: "Il modulo è scaduto o non proviene da questa pagina. Torna all'applicazione e ricomincia.",
    appDescription: "Informazioni sull'applicazione",
  },
} as const;

export type AuthorizeProblem = 'wrongCredentials' | 'throttled' | 'refused' | 'required';
export type AuthorizePageError = 'unknown_client' | 'redirect_uri' | 'csrf';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's language from Accept-Language: the first of Italian or English the browser names. */
export function authorizeLocale(acceptLanguage: string | undefined): AuthorizeLocale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'it' || tag === 'en') return tag;
  }
  return 'en';
}

/** The page's policy: its own inline style (by nonce), no script, no frame, the form posts here. */
export function authorizeCsp(nonce: string, redirectOrigin?: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' https: data:",
    // The form posts to this page, which then sends the browser back to the app's registered URI.
    `form-action 'self'${redirectOrigin ? ` ${redirectOrigin}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

const STYLE = `
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f4f5f7; color: #1d1d1f; }
  main { max-width: 26rem; margin: 3rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  p { line-height: 1.45; }
  .app { display: flex; gap: .75rem; align-items: center; }
  .app img { width: 48px; height: 48px; border-radius: 6px; object-fit: cover; }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  input[type=text], input[type=password] { box-sizing: border-box; width: 100%; padding: .6rem; font-size: 1rem; border: 1px solid #6b6b70; border-radius: 4px; }
  input:focus, button:focus { outline: 3px solid #0b57d0; outline-offset: 2px; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; flex-wrap: wrap; }
  button { font-size: 1rem; padding: .65rem 1.1rem; border-radius: 4px; border: 1px solid #0b57d0; cursor: pointer; }
  .allow { background: #0b57d0; color: #fff; }
  .deny { background: #fff; color: #0b57d0; }
  .error { background: #fdecea; color: #8a1c1c; border-left: 4px solid #b3261e; padding: .75rem; }
  .muted { color: #4a4a4f; font-size: .95rem; }
  @media (max-width: 30rem) { main { margin: 0; border-radius: 0; min-height: 100vh; box-shadow: none; } }
`;

function frame(locale: AuthorizeLocale, title: string, nonce: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface ConsentPage {
  community: string;
  app: { name: string; description: string; image: string };
  /** The authorization request's parameters, sent back with the form. */
  params: Record<string, string>;
  returnHost: string;
  csrf: string;
  username?: string;
  problem?: AuthorizeProblem;
}

export function renderConsentPage(page: ConsentPage, locale: AuthorizeLocale, nonce: string): string {
  const t = TEXT[locale];
  const title = t.title(page.community);
  const hidden = Object.entries(page.params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const image = page.app.image
    ? `<img src="${escapeHtml(page.app.image)}" alt="" width="48" height="48">`
    : '';
  const description = page.app.description
    ? `<p class="muted" aria-label="${escapeHtml(t.appDescription)}">${escapeHtml(page.app.description)}</p>`
    : '';
  const problem = page.problem
    ? `<p class="error" role="alert" id="problem">${escapeHtml(t[page.problem])}</p>`
    : '';
  const described = page.problem ? ' aria-describedby="problem"' : '';
  return frame(
    locale,
    title,
    nonce,
    `<h1>${escapeHtml(title)}</h1>
<div class="app">${image}<p><strong>${escapeHtml(t.intro(page.app.name, page.community))}</strong></p></div>
${description}
<p class="muted">${escapeHtml(t.returnTo(page.returnHost))}</p>
${problem}
<form method="post" action="" novalidate>
${hidden}
<input type="hidden" name="csrf" value="${escapeHtml(page.csrf)}">
<label for="username">${escapeHtml(t.username)}</label>
<input type="text" id="username" name="username" autocomplete="username" required value="${escapeHtml(page.username ?? '')}"${described}>
<label for="password">${escapeHtml(t.password)}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required${described}>
<div class="actions">
<button type="submit" class="allow" name="decision" value="allow">${escapeHtml(t.allow)}</button>
<button type="submit" class="deny" name="decision" value="deny">${escapeHtml(t.deny)}</button>
</div>
</form>`,
  );
}

export function renderAuthorizeError(error: AuthorizePageError, locale: AuthorizeLocale, nonce: string) {
  const t = TEXT[locale];
  return frame(
    locale,
    t.errorTitle,
    nonce,
    `<h1>${escapeHtml(t.errorTitle)}</h1>
<p class="error" role="alert" data-error="${error}">${escapeHtml(t[error])}</p>`,
  );
}
