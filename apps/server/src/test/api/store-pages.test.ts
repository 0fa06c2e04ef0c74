import http from 'node:http';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ON_THE_FLY_ENCODINGS } from '../../lib/http-encoding';
import { buildPlan, buildProduct } from '../factories';
import { pgUrl } from '../global-setup';
import { startHttpApp } from '../http-client';
import { appForFile } from '../test-app';

/** Store pages, ETags and kept bytes, over a real socket (raw bytes: no client-side decompression). */
const t = appForFile(() => startHttpApp());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

function post(query: string, searchTerm: string, headers: Record<string, string> = {}): Promise<Raw> {
  const body = JSON.stringify({ searchTerm });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${t.baseUrl}/api/v2/products/productSearchContent?sortField=name&${query}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

// node:zlib's Zstandard (Node 22.15 and later), typed here because the type package follows the oldest Node.
const zstdDecompress = (b: Buffer) =>
  (zlib as unknown as { zstdDecompressSync: (b: Buffer) => Buffer }).zstdDecompressSync(b);
const decode = (r: Raw) => {
  const e = r.headers['content-encoding'];
  if (e === 'br') return zlib.brotliDecompressSync(r.bytes);
  if (e === 'gzip') return zlib.gunzipSync(r.bytes);
  if (e === 'deflate') return zlib.inflateSync(r.bytes);
  if (e === 'zstd') return zstdDecompress(r.bytes);
  return r.bytes;
};
const json = (r: Raw) => JSON.parse(decode(r).toString('utf8'));

let tag: string;
const names: string[] = [];
beforeAll(async () => {
  tag = `zp${Date.now().toString(36)}`;
  for (let i = 0; i < 30; i++) {
    const name = `${String(i).padStart(2, '0')} ${tag} Review`;
    const p = await buildProduct(t.deps.db, {
      name,
      content: `Board questions ${'with long explanations '.repeat(20)}`,
      targetAudience: 'Residents',
      additionalContent:
        i % 2 === 0 ? JSON.stringify({ shortDescription: `Short ${i}`, exampleQuestions: ['q'] }) : null,
    });
    await buildPlan(t.deps.db, p.id, { priceCents: 1000 + i });
    names.push(name);
  }
});

describe('store search pages', () => {
  it('answers a page of card fields with the total; without page or size the full SPEC §7 list', async () => {
    const first = await post('sortOrder=ASC&page=0&size=12', tag);
    expect(first.status).toBe(200);
    const p0 = json(first);
    expect(p0).toMatchObject({ page: 0, size: 12, totalElements: 30, totalPages: 3 });
    expect(p0.content.map((c: { name: string }) => c.name)).toEqual(names.slice(0, 12));
    expect(Object.keys(p0.content[0]).sort()).toEqual(
      [
        'billingPlans',
        'learnersCount',
        'name',
        'productCategory',
        'questionCount',
        'summary',
        'targetAudience',
        'uuid',
      ].sort(),
    );
    // The short description when there is one, otherwise the content cut at a word.
    expect(p0.content[0].summary).toBe('Short 0');
    expect(p0.content[1].summary.length).toBeLessThanOrEqual(301);
    expect(p0.content[1].summary.endsWith('…')).toBe(true);
    expect(p0.content[1].billingPlans[0].price).toBe(10.01);

    const last = json(await post('sortOrder=ASC&page=2&size=12', tag));
    expect(last.content.map((c: { name: string }) => c.name)).toEqual(names.slice(24));
    expect(json(await post('sortOrder=DESC&page=0&size=5', tag)).content[0].name).toBe(names[29]);
    // size alone starts at page 0; page alone has pages of 24.
    expect(json(await post('sortOrder=ASC&size=5', tag))).toMatchObject({ page: 0, size: 5 });
    expect(json(await post('sortOrder=ASC&page=1', tag))).toMatchObject({ page: 1, size: 24 });
    expect(json(await post('sortOrder=ASC&page=9&size=12', tag))).toMatchObject({
      content: [],
      totalElements: 30,
    });
    expect(json(await post('sortOrder=ASC&page=0&size=5', `${tag} nothing-like-this`))).toMatchObject({
      content: [],
      totalElements: 0,
      totalPages: 0,
    });

    const list = json(await post('sortOrder=ASC', tag));
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(30);
    expect(list[0]).toMatchObject({ name: names[0], content: expect.stringContaining('Board questions') });
  });

  it("pages of cards find what the database's full-text search finds, in its order, for terms of every kind", async () => {
    // Pages come from the in-memory card index; the full list (SPEC §7) is still the database's own search.
    const mark = `pq${Date.now().toString(36)}`;
    const made: Array<[string, string, boolean, boolean]> = [
      // name, content, published, with an active public plan
      [`${mark} Cardiology for Physicians`, 'Heart and vessels. Running 100% of the board.', true, true],
      // Names are unique in any case (products_name_unique_idx): a second edition shares every word but one.
      [
        `${mark} Cardiology for Physicians 2e`,
        'The same words in its name, and a second edition.',
        true,
        true,
      ],
      [`${mark} Running Start`, 'Runs, runners and a run of e_a questions (c++ too).', true, true],
      [`${mark} Café Médical`, 'Questions en français; nursing (NCLEX) and the Step 1 exam.', true, true],
      [`${mark} ALPHA omega`, 'Evidence and analysis, step 2 CK.', true, true],
      [`${mark} O'Brien's Review`, "It's a 日本語 and Ελληνικά bank; quotes ' and \\ too.", true, true],
      [`${mark} Hidden draft`, 'Cardiology draft not published.', false, true],
      [`${mark} No plan`, 'Cardiology without an active public plan.', true, false],
    ];
    for (const [name, content, published, plan] of made) {
      const p = await buildProduct(t.deps.db, { name, content, published });
      if (plan) await buildPlan(t.deps.db, p.id);
      else await buildPlan(t.deps.db, p.id, { active: false });
    }
    const terms = [
      mark,
      `${mark} card`,
      `${mark} CARDIOLOGY phys`,
      `${mark} the`,
      `${mark} the of`,
      `${mark} runs`,
      `${mark} running`,
      `${mark} run`,
      `${mark} e_a`,
      `${mark} 100%`,
      `${mark} c++`,
      `${mark} café`,
      `${mark} cafe`,
      `${mark} (nursing)`,
      `${mark} physicians,`,
      `${mark} step 1`,
      `${mark} 1`,
      `${mark} alpha`,
      `${mark} zzz`,
      `${mark} évidence`,
      `${mark} o'brien's`,
      `${mark} it's`,
      `${mark} 日本語`,
      `${mark} ελληνικά`,
      `${mark} \\`,
      `${mark} '`,
      'cardiology',
    ];
    for (const term of terms)
      for (const order of ['ASC', 'DESC']) {
        const list = json(await post(`sortOrder=${order}`, term)) as Array<{ uuid: string }>;
        const pages: string[] = [];
        for (let page = 0; ; page++) {
          const answer = json(await post(`sortOrder=${order}&page=${page}&size=2`, term));
          expect(answer.totalElements, `${term} ${order}`).toBe(list.length);
          pages.push(...answer.content.map((c: { uuid: string }) => c.uuid));
          if (page + 1 >= answer.totalPages) break;
        }
        expect(pages, `${term} ${order}`).toEqual(list.map((p) => p.uuid));
      }
    // The two products named alike come in the same order both ways (by id), as the database sorts them.
    expect(json(await post('sortOrder=ASC&page=0&size=10', `${mark} card`)).totalElements).toBe(2);
  });

  it('bad page or size names the field', async () => {
    for (const [q, field] of [
      ['page=-1', 'page'],
      ['page=x', 'page'],
      ['page=1.5', 'page'],
      ['size=0', 'size'],
      ['size=101', 'size'],
    ]) {
      const r = await post(`sortOrder=ASC&${q}`, tag);
      expect(r.status, q).toBe(400);
      expect(json(r).field, q).toBe(field);
    }
  });
});

describe('kept answers: ETag, 304, bytes', () => {
  it('answers the same ETag while the store is unchanged, and 304 to a client that holds it', async () => {
    for (const query of ['sortOrder=ASC&page=0&size=12', 'sortOrder=ASC']) {
      const a = await post(query, tag);
      const etag = a.headers.etag!;
      expect(etag).toMatch(/^W\/"\d+-[\w-]+"$/);
      expect(a.headers.vary).toMatch(/accept-encoding/i);
      expect((await post(query, tag)).headers.etag).toBe(etag);
      const cached = await post(query, tag, { 'if-none-match': etag });
      expect(cached.status).toBe(304);
      expect(cached.bytes.length).toBe(0);
      expect(cached.headers.etag).toBe(etag);
      expect((await post(query, tag, { 'if-none-match': `W/"0-other", ${etag}` })).status).toBe(304);
      expect((await post(query, tag, { 'if-none-match': 'W/"0-other"' })).status).toBe(200);
    }
    // Another term, order or page is another answer.
    const etags = new Set(
      await Promise.all(
        ['sortOrder=ASC&page=0&size=12', 'sortOrder=ASC&page=1&size=12', 'sortOrder=DESC&page=0&size=12'].map(
          async (q) => (await post(q, tag)).headers.etag,
        ),
      ),
    );
    etags.add((await post('sortOrder=ASC&page=0&size=12', `${tag} review`)).headers.etag);
    expect(etags.size).toBe(4);
  });

  it('the same bytes, compressed or not: Zstandard, brotli, gzip and deflate decode to the plain answer', async () => {
    for (const query of ['sortOrder=ASC&page=0&size=12', 'sortOrder=ASC']) {
      const plain = await post(query, tag);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      for (const [accept, encoding] of [
        ['br, gzip, deflate', 'br'],
        // A browser's header: an answer up to 512 KB goes out in Zstandard where Node has it (encoded-answer.ts).
        ['gzip, deflate, br, zstd', ON_THE_FLY_ENCODINGS[0]],
        ['gzip, deflate, br;q=0', 'gzip'],
        ['deflate', 'deflate'],
        ['gzip;q=0.5, br;q=0.9', 'br'],
        ['identity', undefined],
      ] as const) {
        const r = await post(query, tag, { 'accept-encoding': accept });
        expect(r.headers['content-encoding'], accept).toBe(encoding);
        expect(decode(r).equals(plain.bytes), accept).toBe(true);
        if (encoding) expect(r.bytes.length).toBeLessThan(plain.bytes.length / 3);
        // Asked again, the very same compressed bytes (kept, not compressed per request).
        expect((await post(query, tag, { 'accept-encoding': accept })).bytes.equals(r.bytes)).toBe(true);
      }
    }
  });

  it('a write by another connection shows on the next call, in pages and lists, with a new ETag', async () => {
    const dbName = (
      (await t.deps.db.execute(sql`SELECT current_database() AS d`)) as unknown as {
        rows: Array<{ d: string }>;
      }
    ).rows[0]!.d;
    const other = new pg.Client({ connectionString: pgUrl(inject('pgAdminUrl'), dbName) });
    await other.connect();
    try {
      const query = 'sortOrder=ASC&page=0&size=12';
      const before = await post(query, tag);
      const listBefore = await post('sortOrder=ASC', ' ');
      await other.query('UPDATE products SET name = $1 WHERE name = $2', [`00 ${tag} Renamed`, names[0]]);
      const after = await post(query, tag, { 'if-none-match': before.headers.etag! });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(json(after).content[0].name).toBe(`00 ${tag} Renamed`);
      const listAfter = await post('sortOrder=ASC', ' ', { 'if-none-match': listBefore.headers.etag! });
      expect(listAfter.status).toBe(200);
      expect(json(listAfter).map((p: { name: string }) => p.name)).toContain(`00 ${tag} Renamed`);

      // A plan change, a new product and a delete each show at once, with the total.
      await other.query(
        'UPDATE billing_plans SET active = false WHERE product_id = (SELECT id FROM products WHERE name = $1)',
        [names[1]],
      );
      expect(json(await post(query, tag)).totalElements).toBe(29);
      await other.query('DELETE FROM products WHERE name = $1', [names[2]]);
      const page = json(await post(query, tag));
      expect(page.totalElements).toBe(28);
      expect(page.content.map((c: { name: string }) => c.name)).not.toContain(names[2]);
    } finally {
      await other.end();
    }
  });
});
