import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerEnd, http1Pool, requestBytes } from './http1';

const b = (s: string) => Buffer.from(s, 'latin1');

describe('answerEnd', () => {
  it('finds the end of an answer with a Content-Length, only once all of it came', () => {
    const whole = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello';
    expect(answerEnd(b(whole))).toEqual({ status: 200, length: whole.length });
    expect(answerEnd(b(whole.slice(0, -1)))).toBeNull();
    expect(answerEnd(b('HTTP/1.1 200 OK\r\nContent-Le'))).toBeNull();
    // The next answer's first bytes are not counted.
    expect(answerEnd(b(`${whole}HTTP/1.1`))).toEqual({ status: 200, length: whole.length });
  });

  it('follows chunks to the last one', () => {
    const whole =
      'HTTP/1.1 404 Not Found\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\na\r\n0123456789\r\n0\r\n\r\n';
    expect(answerEnd(b(whole))).toEqual({ status: 404, length: whole.length });
    for (let cut = 1; cut < 30; cut++) expect(answerEnd(b(whole.slice(0, -cut)))).toBeNull();
  });

  it('an answer with no body ends with its head', () => {
    const head = 'HTTP/1.1 304 Not Modified\r\nETag: W/"1"\r\n\r\n';
    expect(answerEnd(b(head))).toEqual({ status: 304, length: head.length });
  });
});

describe('http1Pool against a Node server', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        if (req.url === '/chunked') {
          res.write('a'.repeat(10_000));
          res.end('b');
        } else res.writeHead(req.url === '/missing' ? 404 : 200).end(`${req.method} ${body}`);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('answers every request with its status over at most the connections asked for', async () => {
    const pool = http1Pool('127.0.0.1', port, 3);
    const paths = ['/', '/missing', '/chunked', '/', '/chunked', '/missing', '/'];
    const statuses = await Promise.all(
      paths.map(
        (p, i) =>
          new Promise<number | null>((resolve) =>
            pool.send(
              requestBytes(`127.0.0.1:${port}`, { method: 'POST', path: p, body: `n=${i}` }),
              resolve,
            ),
          ),
      ),
    );
    expect(statuses).toEqual([200, 404, 200, 200, 200, 404, 200]);
    const connections = await new Promise<number>((r) => server.getConnections((_, n) => r(n)));
    expect(connections).toBeLessThanOrEqual(3);
    pool.close();
  });

  it('writes Content-Length itself, once, whatever the request headers carry (autocannon adds its own to them)', async () => {
    const pool = http1Pool('127.0.0.1', port, 1);
    const bytes = requestBytes(`127.0.0.1:${port}`, {
      method: 'POST',
      path: '/',
      headers: { 'Content-Length': '3', Host: 'elsewhere', 'content-type': 'text/plain' },
      body: 'n=12',
    });
    const head = bytes.toString('latin1').split('\r\n\r\n')[0]!.toLowerCase();
    expect(head.match(/content-length/g)).toHaveLength(1);
    expect(head.match(/^host:/gm)).toHaveLength(1);
    expect(await new Promise((resolve) => pool.send(bytes, resolve))).toBe(200);
    pool.close();
  });
});
