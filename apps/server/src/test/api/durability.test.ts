import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openEmbedded, openPostgres } from '../../db/client';
import { jobs, mailOutbox, oneTimeTokens, users } from '../../db/schema';
import { MAIL_JOB } from '../../infra/mail';
import { fetchTransport, TestClient } from '../client';
import { tokenFrom } from '../factories';
import {
  freePort,
  killAllServers,
  killHard,
  type ServerProcess,
  spawnServer,
  stopGracefully,
  waitHealthy,
} from '../server-process';
import { freshDatabaseUrl } from '../test-app';
import { until } from '../until';

// DESIGN.md §5: the embedded database keeps every acknowledged write when the process is killed. By default
// each server process runs its own embedded PostgreSQL server under DATA_DIR, which a kill -9 of the app
// leaves running: the next start must stop it and come up on the same files. With TEST_DB=postgres the
// server process uses a fresh database on the PostgreSQL server instead: there it shows that a 201 is only
// answered after the commit.
const onServer = process.env.TEST_DB === 'postgres';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-durability-'));
let databaseUrl = '';

afterAll(() => {
  killAllServers();
  stopPostmaster();
  fs.rmSync(dataDir, { recursive: true, force: true });
  // A PostgreSQL database made here carries the run's prefix: global-setup drops it with the template.
});

const postmasterPidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
const postmasterPid = (): number | null =>
  fs.existsSync(postmasterPidFile) ? Number(fs.readFileSync(postmasterPidFile, 'utf8').split('\n')[0]) : null;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** A failed test must not leave an embedded server running on a removed folder. */
function stopPostmaster() {
  const pid = postmasterPid();
  if (pid && alive(pid)) process.kill(pid, 'SIGQUIT');
}

async function startServer(port: number): Promise<ServerProcess> {
  const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  await waitHealthy(server, port);
  return server;
}

/** Opens the database the server used, directly (the embedded one only once no server holds it). */
const openDirectly = (): Promise<Database> =>
  databaseUrl ? openPostgres(databaseUrl, { max: 1 }) : openEmbedded(dataDir);

/** A client of the server process on `port` (sending no Origin). */
const clientOf = (port: number) => new TestClient(fetchTransport(`http://127.0.0.1:${port}`));

async function register(port: number, username: string) {
  const res = await clientOf(port).post('/api/v1/initiateRegistration', {
    firstName: 'Dee',
    lastName: 'Urable',
    username,
  });
  expect(res.status).toBe(201);
}

/** The link token of the verification mail to each address, waiting for the job runner to send them. */
async function registrationTokens(port: number, emails: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  // A server in another process, its own job runner on its own timer: its mail is waited for as a state.
  await until(
    async () => {
      const res = await clientOf(port).get('/dev/mailbox/messages');
      const { content } = res.body as {
        content: Array<{ to: string; subject: string; text: string }>;
      };
      for (const m of content)
        if (emails.includes(m.to) && m.subject.startsWith('Verify your email') && !found.has(m.to))
          found.set(m.to, tokenFrom(m.text, '/userRegistration'));
      return found.size === emails.length;
    },
    { what: `verification mails to ${emails.join(', ')}`, timeoutMs: 60_000, everyMs: 200 },
  ).catch(() => {}); // the expectation below names what is missing
  expect([...found.keys()].sort()).toEqual([...emails].sort());
  return found;
}

const fetchRegistration = (port: number, token: string) =>
  clientOf(port).get(`/api/v1/fetchRegistration?token=${encodeURIComponent(token)}`);

describe('durability of acknowledged writes', () => {
  it('keeps every acknowledged registration across a kill -9, and the restarted server takes over', async () => {
    if (onServer) databaseUrl = await freshDatabaseUrl('durable');
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
    const leftover = postmasterPid();
    if (!onServer) {
      expect(fs.existsSync(path.join(dataDir, 'qbank.lock'))).toBe(true);
      // The killed app's PostgreSQL server is still running on the folder (and would block a plain restart).
      expect(leftover && alive(leftover)).toBe(true);
    }

    const second = await startServer(port);
    if (!onServer) {
      // The second start stopped the leftover server and started its own on the same files.
      expect(alive(leftover!)).toBe(false);
      expect(postmasterPid()).not.toBe(leftover);
      expect(second.stdout()).toContain(`database: embedded PostgreSQL 18`);
    }
    for (const email of emails) {
      const res = await fetchRegistration(port, tokens.get(email)!);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ username: email, firstName: 'Dee', lastName: 'Urable' });
    }
    const secondPostmaster = postmasterPid();
    expect(await stopGracefully(second)).toBe(0);
    if (!onServer) {
      // A clean stop takes the embedded server down with the app.
      expect(alive(secondPostmaster!)).toBe(false);
      expect(fs.existsSync(postmasterPidFile)).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'qbank.lock'))).toBe(false);
    }

    const database = await openDirectly();
    try {
      const { db } = database;
      const rows = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.email, [...emails, last]));
      expect(rows.map((r) => r.email).sort()).toEqual([...emails, last].sort());
      // The registration acknowledged just before the kill kept its live link and its mail: delivered, or
      // still queued (a kill in the middle of sending leaves the job to be retried), not both.
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
      // Exactly once: a mail recorded in the outbox is recorded with its job's completion, never twice.
      expect(delivered.length + queued.length).toBe(1);
      for (const email of emails)
        expect(
          await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, email)),
        ).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 240_000);
});
