import http from 'node:http';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../factories';
import { startHttpApp } from '../http-client';
import { appForFile } from '../test-app';

const h = appForFile(() => startHttpApp());

/** A GET over a real socket, answered as the bytes sent (no client-side decompression). */
function getRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    },
  );
}

describe('the dev mailbox page', () => {
  it('answers a compressed page that decompresses to every mail once the mailbox is over the threshold', async () => {
    // Mails the size of a real verification mail (a paragraph and a link each): twelve make a page of some
    // 20 KB, compressed as a stream that is still being written when the handler's promise settles.
    const recipients = Array.from({ length: 12 }, (_, i) => uniqueEmail(`mailbox${i}`));
    const text = (i: number) =>
      [
        `Mail number ${i + 1}.`,
        'Thanks for registering. Confirm your email address to finish setting up your account. '.repeat(12),
        `http://localhost:3000/userRegistration?token=${'t'.repeat(40)}${i}`,
      ].join('\n\n');
    await h.deps.db.transaction(async (tx) => {
      for (const [i, to] of recipients.entries())
        await h.deps.mailer.queue(tx, { to, subject: `Mail number ${i + 1}`, text: text(i) });
    });
    await h.runJobs();

    const res = await getRaw(`${h.baseUrl}/dev/mailbox`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBeGreaterThan(0);
    const page = zlib.brotliDecompressSync(res.body).toString('utf8');
    expect(page).toContain('<h1>Mailbox (development)</h1>');
    for (const [i, to] of recipients.entries()) {
      expect(page).toContain(`Mail number ${i + 1}</h2>`);
      expect(page).toContain(to);
    }
  });
});

type SentRows = { rows: Array<{ subject: string; at: string }> };

describe('the order of the mailbox', () => {
  it('is the order the mails were written in: each keeps the time it was queued, not when its job finished', async () => {
    // Mail jobs run several at once, so the order their transactions commit in is not the order of writing.
    const to = uniqueEmail('order');
    for (let i = 1; i <= 4; i++)
      await h.deps.db.transaction((tx) => h.deps.mailer.queue(tx, { to, subject: `No. ${i}`, text: 'x' }));
    // The jobs were queued an hour ago, a second apart: delivery, now, is clearly later than each.
    await h.deps.db.execute(sql`
      UPDATE jobs SET created_at = now() - interval '1 hour' + q.n * interval '1 second'
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM jobs WHERE payload->>'to' = ${to}) q
      WHERE jobs.id = q.id`);
    const { rows: queued } = (await h.deps.db.execute(
      sql`SELECT payload->>'subject' AS subject, to_char(created_at, 'YYYY-MM-DD HH24:MI:SS.US') AS at
          FROM jobs WHERE payload->>'to' = ${to} ORDER BY id`,
    )) as unknown as SentRows;
    expect(queued).toHaveLength(4);
    await h.runJobs();
    const { rows: kept } = (await h.deps.db.execute(
      sql`SELECT subject, to_char(created_at, 'YYYY-MM-DD HH24:MI:SS.US') AS at
          FROM mail_outbox WHERE "to" = ${to} ORDER BY created_at`,
    )) as unknown as SentRows;
    expect(kept).toEqual(queued);
    const res = await h.client().get('/dev/mailbox/messages', { origin: null });
    const mine = (res.body as { content: Array<{ to: string; subject: string }> }).content.filter(
      (m) => m.to === to,
    );
    expect(mine.map((m) => m.subject)).toEqual(['No. 4', 'No. 3', 'No. 2', 'No. 1']);
  });
});
