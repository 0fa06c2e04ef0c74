import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { injectTransport, TestClient } from '../client';
import { uniqueEmail } from '../factories';
import { type HttpApp, startHttpApp } from '../http-client';
import { freePort, killAllServers, spawnServer, stopGracefully, waitHealthy } from '../server-process';
import { testDatabase } from '../test-app';

const GENERIC_500 = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'Something went wrong on our side. Please try again.',
  code: 'INTERNAL',
};

let h: HttpApp;
beforeAll(async () => {
  h = await startHttpApp();
});
afterAll(async () => {
  await h.close();
  killAllServers();
});

describe('DESIGN.md §4 error bodies', () => {
  it('an unknown /api path answers 404 with the JSON error body', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await h.client().req({ method, url: '/api/v1/noSuchCall?x=1' });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `No such endpoint: ${method} /api/v1/noSuchCall`,
        code: 'NOT_FOUND',
      });
    }
  });

  it('an error the code did not expect answers 500 with a generic body: no stack, no original message', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      SEED_DEMO: 'false',
    });
    const database = await testDatabase();
    const { app } = await buildApp({ config, database, startJobs: false, logger: false });
    // A route added before the app is ready falls under the same error handler as every module's routes.
    app.get('/api/v1/testOnlyFailure', async () => {
      throw new Error('connection to 10.0.0.7 failed for user qbank_owner with password hunter2');
    });
    await app.ready();
    try {
      const res = await new TestClient(injectTransport(app)).get('/api/v1/testOnlyFailure');
      expect(res.status).toBe(500);
      expect(res.body).toEqual(GENERIC_500);
      expect(res.text).not.toMatch(/hunter2|10\.0\.0\.7|stack|at .*\.ts/);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('a failing database under a real call answers the same generic 500 and keeps the database error to the log', async () => {
    await h.deps.db.execute(sql`CREATE FUNCTION qbank_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk quota exceeded on tablespace qbank_secret_space'; END $$`);
    await h.deps.db.execute(
      sql`CREATE TRIGGER qbank_test_fail BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION qbank_test_fail()`,
    );
    try {
      const res = await h.client().post('/api/v1/initiateRegistration', {
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: uniqueEmail('fail'),
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual(GENERIC_500);
      expect(res.text).not.toMatch(/quota|qbank_secret_space|users|stack/);
    } finally {
      await h.deps.db.execute(sql`DROP TRIGGER qbank_test_fail ON users`);
      await h.deps.db.execute(sql`DROP FUNCTION qbank_test_fail()`);
    }
  });
});

describe('X-Request-Id', () => {
  it('every response carries one: the caller’s own when it sends one, else a fresh id', async () => {
    const c = h.client();
    const a = await c.get('/api/health');
    const b = await c.get('/api/health');
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers.get('x-request-id')).not.toBe(a.headers.get('x-request-id'));
    const traced = await c.get('/api/v1/noSuchCall', { headers: { 'x-request-id': 'lb-trace-42' } });
    expect(traced.status).toBe(404);
    expect(traced.headers.get('x-request-id')).toBe('lb-trace-42');
    // An oversized id is not echoed (it would let a caller stuff the logs).
    const long = await c.get('/api/health', { headers: { 'x-request-id': 'x'.repeat(500) } });
    expect(long.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/api/docs', () => {
  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await h.client().get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('QBank Cloud API');
    expect(
      doc.paths['/api/v1/initiateRegistration'].post.requestBody.content['application/json'].schema,
    ).toEqual(expect.objectContaining({ type: 'object' }));
    expect(doc.paths['/login'].post.requestBody.content).toHaveProperty('application/x-www-form-urlencoded');
    expect(doc.components.schemas.Error.required).toEqual(['statusCode', 'error', 'message', 'code']);
  });
});

// The server as `npm start` runs it. These start real processes on the embedded database whatever TEST_DB
// says, so one run (the default one) is enough.
describe.skipIf(process.env.TEST_DB === 'postgres')('starting the server process', () => {
  it('refuses a second process on the same DATA_DIR with a clear message, and the first keeps serving', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-lock-'));
    try {
      const [port1, port2] = [await freePort(), await freePort()];
      const first = spawnServer({ DATA_DIR: dataDir, PORT: String(port1) });
      await waitHealthy(first, port1);
      expect(first.stdout()).toContain(`QBank Cloud is running at http://127.0.0.1:${port1}`);

      const second = spawnServer({ DATA_DIR: dataDir, PORT: String(port2) });
      const code = await second.exited;
      expect(code).not.toBe(0);
      expect(second.stderr().trim()).toBe(
        `The data folder ${dataDir} is in use by another QBank process (pid ${first.child.pid}). Stop that process, or set DATA_DIR to another folder.`,
      );
      expect(await fetch(`http://127.0.0.1:${port2}/api/health`).catch(() => null)).toBeNull();
      expect((await fetch(`http://127.0.0.1:${port1}/api/health`)).status).toBe(200);

      expect(await stopGracefully(first)).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'qbank.lock'))).toBe(false); // released on a clean stop
      // and its embedded PostgreSQL server stopped with it (PostgreSQL removes the file on its way out)
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('a postmaster.pid naming a dead process, or a pid another program now has, does not stop the next start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-stale-pid-'));
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const sleeper = spawn('sleep', ['120'], { stdio: 'ignore' });
    try {
      const port = await freePort();
      const startAndStop = async () => {
        const server = spawnServer({ DATA_DIR: dataDir, PORT: String(port) });
        await waitHealthy(server, port);
        const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
        expect(await stopGracefully(server)).toBe(0);
        return lines;
      };
      const lines = await startAndStop();
      const leave = (pid: number) => fs.writeFileSync(pidFile, [String(pid), ...lines.slice(1)].join('\n'));

      // A process that has exited: PostgreSQL itself replaces such a file.
      const gone = spawn('true');
      await new Promise((r) => gone.once('exit', r));
      leave(gone.pid!);
      await startAndStop();

      // A live program that is not a PostgreSQL server on this folder (the pid was reused after a crash): the
      // file is stale, and the program is left alone.
      leave(sleeper.pid!);
      await startAndStop();
      expect(sleeper.exitCode).toBeNull();
      expect(sleeper.signalCode).toBeNull();
    } finally {
      sleeper.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('a bad configuration value stops the start with one line naming the variable', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-config-'));
    try {
      // Every variable's message is checked in config.test.ts; this is what an operator sees.
      const server = spawnServer({ DATA_DIR: dataDir, PORT: 'abc' });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toBe('Invalid configuration: PORT must be a port number\n');
      expect(server.stdout()).toBe('');
      // Stopped before touching anything: no database files, no lock.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
