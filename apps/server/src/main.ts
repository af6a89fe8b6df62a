import path from 'node:path';
import { ConfigError, loadConfig } from './platform/config/config.ts';
import { prepareDatabase } from './startup.ts';
import { runProcess } from './process-role.ts';
import { buildApp } from './app.ts';
import { createSecretBox, loadSecretKey } from './platform/crypto/secret-box.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  const { handle, seeded } = await prepareDatabase(config, { log: console.log });
  const secretBox = createSecretBox(loadSecretKey(config.secretKey, config.dataDir));
  const app = await buildApp({
    config,
    db: handle.db,
    writes: handle.writes,
    secretBox,
    serveConsole: true,
  });

  const running = await runProcess(config.role, app, handle.db, {
    host: config.host,
    port: config.port,
    workerPort: config.workerPort,
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the work in progress, then stopping`);
    await running.stop();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.role === 'worker') {
    console.log(`\n  Agora worker running jobs; health at ${running.address}/healthz and /readyz\n`);
    return;
  }
  const where =
    handle.kind === 'pglite' ? `embedded database in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL';
  const lines = [
    '',
    `  Agora is running at ${config.publicUrl}  (${where})`,
    `  Sign in as ${seeded.adminEmail} (username "${seeded.adminUsername}")`,
  ];
  if (seeded.generatedPassword) {
    lines.push(`  with the generated password: ${seeded.generatedPassword}`);
    lines.push('  (shown only this once: note it down, or set AGORA_ADMIN_PASSWORD before the first start)');
  } else if (seeded.created) {
    lines.push('  with the password from AGORA_ADMIN_PASSWORD');
  } else {
    lines.push('  with the password you chose on the first start');
  }
  lines.push(`  API documentation: ${config.publicUrl}/docs`, '');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error('Agora could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
