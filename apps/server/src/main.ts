import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, urlHost } from './config';
import { DataDirInUseError, openDatabase } from './db/client';
import { existingDemoAccounts, seedDemo } from './db/seed';
import { resolveLogFormat } from './lib/logger';

/** The client this repository builds; WEB_DIST (config) serves one built elsewhere instead. */
const repositoryWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main() {
  const loaded = loadConfig();
  const config = { ...loaded, webDist: loaded.webDist ?? repositoryWebDist };
  // The embedded server's own messages go to DATA_DIR/postgres.log; a first start (initdb) and a server a
  // killed run left behind are told at the info level.
  const verbose = ['info', 'debug', 'trace'].includes(config.logLevel);
  const database = await openDatabase(config, { log: verbose ? (m) => console.log(m) : undefined });
  const { app, deps } = await database
    .migrate()
    .then(() =>
      buildApp({
        config,
        database,
        logFormat: resolveLogFormat(config.logFormat, {
          isTTY: process.stdout.isTTY === true,
          production: config.production,
        }),
      }),
    )
    .catch(async (e) => {
      await database.close().catch(() => {}); // stops the embedded server before the error is shown
      throw e;
    });
  // With Stripe the demo plans get prices made there, so they can be bought; the test checkout takes fixed ids.
  const seeded = config.seedDemo
    ? await seedDemo(
        database.db,
        deps.payments.kind === 'stripe'
          ? { createPrice: (s) => deps.payments.createPrice(s), clock: deps.clock, storage: deps.storage }
          : { clock: deps.clock, storage: deps.storage },
      )
    : false;
  // Printed only where demo data is wanted: a production database never shows passwords in its log.
  const demo = config.seedDemo ? await existingDemoAccounts(database.db) : [];

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    database.stopping();
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
  // PUBLIC_URL (by default http://HOST:PORT) is the address to open: links in mails point there too, and one
  // origin keeps one session and one browser storage.
  const url = config.publicUrl;
  const listening = `http://${urlHost(config.host)}:${port}`;
  const lines = [
    '',
    `QBank Cloud is running at ${url}`,
    ...(listening === url ? [] : [`  listening on ${listening}`]),
    `  database: ${database.description}`,
    `  API document: ${url}/api/docs`,
  ];
  if (config.devMailbox) lines.push(`  mailbox (every e-mail sent): ${url}/dev/mailbox`);
  if (demo.length) {
    lines.push(seeded ? '  demo data seeded. Demo accounts:' : '  demo accounts (seeded earlier):');
    for (const a of demo) lines.push(`    ${a.email.padEnd(22)} ${a.password.padEnd(16)} ${a.role}`);
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
