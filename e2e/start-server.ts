/**
 * Starts the real Agora server for the e2e run on a fresh, temporary data directory, and removes
 * that directory when the server stops. Playwright's `webServer` runs this file and stops it with
 * SIGTERM; the server is imported, not spawned, so there is a single process to stop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, E2E_PORT } from './support/server-settings.ts';

const root = path.resolve(import.meta.dirname, '..');
const consoleIndex = path.join(root, 'apps/console/dist/index.html');
if (!fs.existsSync(consoleIndex)) {
  console.error(`e2e: the console is not built (${consoleIndex} is missing). Run "npm run build" first.`);
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-e2e-'));
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));

Object.assign(process.env, {
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: BASE_URL,
  DATA_DIR: dataDir,
  AGORA_ADMIN_EMAIL: ADMIN_EMAIL,
  AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // The tests' SMTP peers listen on 127.0.0.1: a community's email server may be on loopback here.
  AGORA_SMTP_ALLOW_PRIVATE: 'true',
  // Webhook receivers of the e2e tests listen on 127.0.0.1.
  AGORA_WEBHOOKS_ALLOW_PRIVATE: '1',
});
// An inherited DATABASE_URL would point the throw-away run at a real database.
delete process.env.DATABASE_URL;

// main.ts starts the server on import and exits on SIGTERM/SIGINT after closing it.
await import('../apps/server/src/main.ts');
