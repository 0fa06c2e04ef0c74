import { createHash } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '../../db/schema';
import { MAIL_JOB, mailBatchJob } from '../../infra/mail';
import { runningClock } from '../../lib/clock';
import { tokenFrom, uniqueEmail } from '../factories';
import { type HttpApp, startHttpApp } from '../http-client';
import { createTestApp } from '../test-app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives; `failNext` answers the next DATA with a 451. */
async function startSmtp(port = 0) {
  const received: Received[] = [];
  let failNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    hideSTARTTLS: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failNext > 0) {
          failNext--;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    received,
    port: (server.server.address() as AddressInfo).port,
    failNextDelivery(n = 1) {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

function decodeQuotedPrintable(s: string): string {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The header block, its headers (unfolded, lower-case names) and the decoded text/plain part of a raw message. */
function parseMail(raw: string) {
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  const part = raw.split(/^Content-Type: text\/plain.*$/im)[1] ?? '';
  const [partHead = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n').split(/\r?\n--/)[0] ?? '';
  const text = /quoted-printable/i.test(partHead) ? decodeQuotedPrintable(body) : body;
  return { headers, head, text };
}

const apps: HttpApp[] = [];
// The first test database of a file is made from the migrations (slow on a busy machine): not in a test's time.
beforeAll(async () => {
  await (await createTestApp()).close();
});
const smtps: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  for (const s of smtps.splice(0)) await s.close();
});

/** An app sending through the mail server on `port`, its clock real time that a test can jump (a retry's wait). */
async function appWithSmtp(port: number) {
  const clock = runningClock();
  const h = await startHttpApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, clock });
  apps.push(h);
  return Object.assign(h, { clock });
}

async function register(h: HttpApp, username = uniqueEmail('smtp')) {
  const res = await h.client().post('/api/v1/initiateRegistration', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username,
  });
  expect(res.status).toBe(201);
  return username;
}

const mailJobs = (h: HttpApp) => h.deps.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));

describe('mail over SMTP', () => {
  it('delivers the verification mail to the SMTP server with the right recipient, subject and a working link', async () => {
    const smtp = await startSmtp();
    smtps.push(smtp);
    const h = await appWithSmtp(smtp.port);
    expect(h.deps.mailer.transport.kind).toBe('smtp');
    const email = await register(h);
    expect(smtp.received).toHaveLength(0); // queued in the transaction, sent by the job
    expect(await h.runJobs()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const [msg] = smtp.received;
    expect(msg!.to).toEqual([email]);
    expect(msg!.from).toBe('no-reply@qbankcloud.com');
    const { headers, text } = parseMail(msg!.raw);
    expect(headers.get('to')).toBe(email);
    expect(headers.get('from')).toBe('QBank Cloud <no-reply@qbankcloud.com>');
    expect(headers.get('subject')).toBe('Verify your email for QBank Cloud');
    expect(headers.get('content-type')).toMatch(/multipart\/alternative/);
    expect(text).toContain('Hi Ada,');
    const token = tokenFrom(text, '/userRegistration');
    expect(text).toContain(`http://localhost:3000/userRegistration?token=${token}`);
    // The link in the delivered mail is the live one.
    const fetched = await h.client().get(`/api/v1/fetchRegistration?token=${encodeURIComponent(token)}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.username).toBe(email);
    // Nothing went to the embedded outbox, and there is no dev mailbox with a real mail server.
    expect(await h.deps.db.select().from(mailOutbox)).toHaveLength(0);
    expect((await h.client().get('/dev/mailbox/messages')).status).toBe(404);
    const [job] = await mailJobs(h);
    expect(job).toMatchObject({ attempts: 1, lastError: null, failedAt: null });
    expect(job!.doneAt).not.toBeNull();
  });

  it('a mail server that is down delays the mail and loses none: the job is retried and delivers once', async () => {
    const port = await closedPort();
    const h = await appWithSmtp(port);
    const email = await register(h);

    expect(await h.runJobs()).toBe(1);
    let [job] = await mailJobs(h);
    expect(job).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
    expect(job!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(job!.runAt.getTime()).toBeGreaterThan(h.clock.nowMs()); // waits before the next attempt
    // Not due yet: a second run does not hammer the server.
    expect(await h.runJobs()).toBe(0);

    const smtp = await startSmtp(port);
    smtps.push(smtp);
    h.clock.set(job!.runAt.getTime() + 1000);
    expect(await h.runJobs()).toBe(1);
    expect(smtp.received.map((m) => m.to)).toEqual([[email]]);
    expect(parseMail(smtp.received[0]!.raw).headers.get('subject')).toBe('Verify your email for QBank Cloud');
    [job] = await mailJobs(h);
    expect(job).toMatchObject({ attempts: 2, lastError: null, failedAt: null });
    expect(job!.doneAt).not.toBeNull();
    expect(await h.runJobs()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('a temporary refusal (451) by the mail server is retried too', async () => {
    const smtp = await startSmtp();
    smtps.push(smtp);
    const h = await appWithSmtp(smtp.port);
    smtp.failNextDelivery();
    const email = await register(h);
    await h.runJobs();
    let [job] = await mailJobs(h);
    expect(job).toMatchObject({ attempts: 1, doneAt: null });
    expect(job!.lastError).toMatch(/451|Try again later/);
    expect(smtp.received).toHaveLength(0);
    expect(await h.runJobs()).toBe(0);
    h.clock.set(job!.runAt.getTime() + 1000);
    await h.runJobs();
    [job] = await mailJobs(h);
    expect(job!.doneAt).not.toBeNull();
    expect(smtp.received.map((m) => m.to)).toEqual([[email]]);
  });

  it('a batch of mails (welcome mails of a class list) is one job; a refusal midway resumes where it stopped', async () => {
    const smtp = await startSmtp();
    smtps.push(smtp);
    const h = await appWithSmtp(smtp.port);
    const to = [uniqueEmail('batch'), uniqueEmail('batch'), uniqueEmail('batch')];
    await h.deps.db.transaction((tx) =>
      h.deps.mailer.queueMany(
        tx,
        to.map((address, i) => ({ to: address, subject: `Welcome ${i + 1}`, text: `Hello ${i + 1}` })),
      ),
    );
    const batch = () => h.deps.db.select().from(jobs).where(eq(jobs.kind, mailBatchJob.kind));
    expect(await batch()).toHaveLength(1);
    // The server takes the first message, then refuses the second for now (451).
    const received = smtp.received;
    const push = received.push.bind(received);
    received.push = (...items: Received[]) => {
      const n = push(...items);
      if (n === 1) smtp.failNextDelivery(1);
      return n;
    };
    await h.runJobs();
    let [job] = await batch();
    expect(job).toMatchObject({ doneAt: null, attempts: 1 });
    expect(job!.lastError).toMatch(/451|Try again later/);
    expect(received.map((m) => m.to[0])).toEqual([to[0]]);
    // The retry starts at the refused one: nothing is sent twice.
    h.clock.set(job!.runAt.getTime() + 1000);
    await h.runJobs();
    [job] = await batch();
    expect(job!.doneAt).not.toBeNull();
    expect(received.map((m) => m.to[0])).toEqual(to);
    expect(parseMail(received[2]!.raw).headers.get('subject')).toBe('Welcome 3');
  });

  it('a mail server that accepts the connection and then says nothing fails the attempt in seconds, not minutes', async () => {
    // A stuck send would hold up every job behind it and outlive the job's 5-minute claim (sent twice).
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    smtps.push({
      close: () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          silent.close(() => resolve());
        }),
    });
    const h = await appWithSmtp((silent.address() as AddressInfo).port);
    await register(h);
    expect(await h.runJobs()).toBe(1);
    const [job] = await mailJobs(h);
    expect(job).toMatchObject({ attempts: 1, doneAt: null });
    expect(job!.lastError).toMatch(/greeting|timeout/i);
  });

  it('a line break in a name cannot add headers to a mail', async () => {
    const smtp = await startSmtp();
    smtps.push(smtp);
    const h = await appWithSmtp(smtp.port);
    const description = 'Hello there';
    const res = await h.client().post(
      '/api/v2/contact',
      {
        firstName: 'Ada',
        lastName: 'Lovelace\r\nX-Injected: yes\r\nBcc: victim@example.com',
        emailAddress: uniqueEmail('inject'),
        contactUsSubject: 'SUPPORT',
        description,
      },
      { headers: { 'body-hash': createHash('sha256').update(description).digest('hex') } },
    );
    expect(res.status).toBe(201);
    await h.runJobs();
    const toSupport = smtp.received.find((m) => m.to.includes('support@qbankcloud.com'));
    expect(toSupport).toBeDefined();
    const { headers, head } = parseMail(toSupport!.raw);
    expect(head).not.toMatch(/^X-Injected:/im);
    expect(head).not.toMatch(/^Bcc:/im);
    expect(headers.get('subject')).toMatch(/^\[SUPPORT\] Message from Ada Lovelace/);
    expect(smtp.received.flatMap((m) => m.to)).not.toContain('victim@example.com');
  });
});

describe('the embedded outbox and its dev mailbox', () => {
  it('keeps every mail and lists it at /dev/mailbox, with the mail text escaped', async () => {
    const h = await startHttpApp();
    apps.push(h);
    expect(h.deps.mailer.transport.kind).toBe('outbox');
    const res = await h.client().post('/api/v1/initiateRegistration', {
      firstName: '<script>alert(1)</script>',
      lastName: 'Lovelace',
      username: uniqueEmail('outbox'),
    });
    expect(res.status).toBe(201);
    await h.runJobs();
    const list = await h.client().get('/dev/mailbox/messages');
    expect(list.status).toBe(200);
    expect(list.body.content).toHaveLength(1);
    expect(list.body.content[0].subject).toBe('Verify your email for QBank Cloud');
    const page = await h.client().get('/dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('&lt;script&gt;');
    expect(page.text).toMatch(/<a href="http:\/\/localhost:3000\/userRegistration\?token=[\w-]+">/);
  });
});
