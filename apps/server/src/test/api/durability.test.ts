import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../db/client';
import { jobs, mailOutbox, oneTimeTokens, users } from '../../db/schema';
import { MAIL_JOB } from '../../infra/mail';
import { tokenFrom } from '../factories';
import { PG_ADMIN_URL, pgUrl } from '../global-setup';
import {
  freePort,
  killAllServers,
  killHard,
  type ServerProcess,
  spawnServer,
  stopGracefully,
  waitHealthy,
} from '../server-process';

// DESIGN.md §5: the embedded database keeps every acknowledged write when the process is killed. The same
// test runs against the PostgreSQL server with TEST_DB=postgres (the server process then uses a fresh
// database copied from the run's template): there it shows that a 201 is only answered after the commit.
const template = inject('pgTemplate');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-durability-'));
let databaseUrl = '';

afterAll(() => {
  killAllServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
  // A PostgreSQL database made here carries the run's prefix: global-setup drops it with the template.
});

async function freshPostgresDatabase(): Promise<string> {
  const name = `${template!.replace(/_tpl$/, '')}_durable_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return pgUrl(name);
}

async function startServer(port: number): Promise<ServerProcess> {
  const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  await waitHealthy(server, port);
  return server;
}

/** Opens the database the server used, directly (the embedded one only once no server holds it). */
const openDirectly = (): Promise<Database> =>
  databaseUrl ? openPostgres(databaseUrl, 1) : openPglite(dataDir);

async function register(port: number, username: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/initiateRegistration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Dee', lastName: 'Urable', username }),
  });
  expect(res.status).toBe(201);
}

/** The link token of the verification mail to each address, waiting for the job runner to send them. */
async function registrationTokens(port: number, emails: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < 300 && found.size < emails.length; i++) {
    if (i) await new Promise((r) => setTimeout(r, 200));
    const res = await fetch(`http://127.0.0.1:${port}/dev/mailbox/messages`);
    const { content } = (await res.json()) as {
      content: Array<{ to: string; subject: string; text: string }>;
    };
    for (const m of content)
      if (emails.includes(m.to) && m.subject.startsWith('Verify your email') && !found.has(m.to))
        found.set(m.to, tokenFrom(m.text, '/userRegistration'));
  }
  expect([...found.keys()].sort()).toEqual([...emails].sort());
  return found;
}

const fetchRegistration = (port: number, token: string) =>
  fetch(`http://127.0.0.1:${port}/api/v1/fetchRegistration?token=${encodeURIComponent(token)}`);

describe('durability of acknowledged writes', () => {
  it('keeps every acknowledged registration across a kill -9, and the restarted server takes over', async () => {
    if (template) databaseUrl = await freshPostgresDatabase();
    const port = await freePort();
    const stamp = Date.now();
    const emails = Array.from({ length: 5 }, (_, i) => `durable${i}.${stamp}@example.com`);
    const last = `durable-last.${stamp}@example.com`;

    const first = await startServer(port);
    for (const username of emails) await register(port, username);
    // Links handed out before the kill: each names a user row and a token row that must survive it.
    const tokens = await registrationTokens(port, emails);
    // Acknowledged a moment before the kill: its user, its token and its queued mail must all survive.
    await register(port, last);
    await killHard(first); // no graceful shutdown: nothing flushed, the lock file stays behind
    if (!databaseUrl) expect(fs.existsSync(path.join(dataDir, 'qbank.lock'))).toBe(true);

    const second = await startServer(port);
    for (const email of emails) {
      const res = await fetchRegistration(port, tokens.get(email)!);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ username: email, firstName: 'Dee', lastName: 'Urable' });
    }
    expect(await stopGracefully(second)).toBe(0);

    const database = await openDirectly();
    try {
      const { db } = database;
      const rows = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.email, [...emails, last]));
      expect(rows.map((r) => r.email).sort()).toEqual([...emails, last].sort());
      // The registration acknowledged just before the kill kept its live link and its mail: delivered, or
      // still queued (a kill in the middle of sending leaves the job to be retried).
      const lastUser = rows.find((r) => r.email === last)!;
      const liveTokens = await db
        .select({ id: oneTimeTokens.id })
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.userId, lastUser.id),
            eq(oneTimeTokens.purpose, 'REGISTRATION'),
            isNull(oneTimeTokens.usedAt),
          ),
        );
      expect(liveTokens).toHaveLength(1);
      const delivered = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, last));
      const queued = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, MAIL_JOB), isNull(jobs.doneAt), sql`${jobs.payload} ->> 'to' = ${last}`));
      expect(delivered.length + queued.length).toBeGreaterThanOrEqual(1);
    } finally {
      await database.close();
    }
  }, 240_000);
});
