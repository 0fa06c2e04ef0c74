import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError, openDatabase } from './db/client';
import { demoAccounts, seedDemo } from './db/seed';

// WEB_DIST lets a test run serve a client built elsewhere (two builds side by side on one machine).
const webDist =
  process.env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main() {
  const config = loadConfig(process.env, { webDist });
  const database = await openDatabase(config);
  await database.migrate();
  const seeded = config.seedDemo ? await seedDemo(database.db) : false;
  const { app } = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  const lines = [
    '',
    `QBank Cloud is running at ${url}`,
    `  database: ${database.kind === 'pglite' ? `embedded (${path.join(config.dataDir, 'pglite')})` : 'PostgreSQL'}`,
    `  API document: ${url}/api/docs`,
  ];
  if (config.devMailbox) lines.push(`  mailbox (every e-mail sent): ${url}/dev/mailbox`);
  if (config.seedDemo) {
    lines.push(seeded ? '  demo data seeded. Demo accounts:' : '  demo accounts (seeded earlier):');
    for (const a of demoAccounts) lines.push(`    ${a.email.padEnd(22)} ${a.password.padEnd(16)} ${a.role}`);
  }
  console.log(lines.join('\n'));
}

main().catch((e) => {
  if (e instanceof ConfigError || e instanceof DataDirInUseError) {
    console.error(e.message);
    process.exit(1);
  }
  console.error(e);
  process.exit(1);
});
