/**
 * The one place that says how the e2e server runs: the Playwright config starts it with these
 * settings and the tests sign in with them.
 */
/** 4320 unless AGORA_E2E_PORT says otherwise (two checkouts on one machine run their suites apart). */
export const E2E_PORT = Number(process.env.AGORA_E2E_PORT ?? 4320);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export const ADMIN_USERNAME = 'admin';
export const ADMIN_EMAIL = 'admin@agora.test';
export const ADMIN_PASSWORD = 'e2e-correct-horse-battery';

/** The community bootstrap creates on a fresh data directory. */
export const DEMO_SLUG = 'demo';
export const DEMO_NAME = 'Demo';

/** The console's OAuth client. */
export const CONSOLE_CLIENT_ID = 'agora-console';

/** Where the console keeps its session in localStorage. */
export const SESSION_STORAGE_KEY = 'agora:session';
