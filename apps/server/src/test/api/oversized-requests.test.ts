import net from 'node:net';
import { ErrorCode } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { startHttpApp } from '../http-client';
import { appForFile } from '../test-app';

const h = appForFile(() => startHttpApp());

/** Sends raw bytes and reads the whole answer until the server closes or ends it. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(h.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (e) => (chunks.length ? undefined : reject(e)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
    socket.setTimeout(5000, () => socket.destroy());
  });
}

const errorShape = (status: number) => ({
  statusCode: status,
  error: expect.any(String),
  message: expect.any(String),
  code: expect.toSatisfy((c: string) => (Object.values(ErrorCode) as string[]).includes(c)),
});

describe('oversized requests answer the DESIGN §4 error body', () => {
  it('a 20 KB header answers 431 with a JSON error body (fetch)', async () => {
    const res = await fetch(`${h.baseUrl}/api/v1/session`, {
      headers: { 'x-padding': 'a'.repeat(20 * 1024) },
    });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual(errorShape(431));
  });

  it('a 100 KB URL answers 414 with a JSON error body (raw socket)', async () => {
    const res = await raw(`GET /api/v2/prices/${'a'.repeat(100 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(414);
    expect(res.headers.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(res.body)).toEqual(errorShape(414));
  });

  it('a long path parameter answers 414 with a JSON error body', async () => {
    const res = await fetch(`${h.baseUrl}/api/v2/prices/${'a'.repeat(5000)}`);
    expect(res.status).toBe(414);
    expect(await res.json()).toEqual(errorShape(414));
  });

  it('a malformed request line answers 400 with a JSON error body', async () => {
    const res = await raw('GET /a b c\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual(errorShape(400));
  });

  it('a malformed percent-escape in a path parameter answers 400 with the error body', async () => {
    const res = await fetch(`${h.baseUrl}/api/v2/prices/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(errorShape(400));
  });

  it('a malformed percent-escape in a path parameter has the usual headers', async () => {
    const res = await fetch(`${h.baseUrl}/api/v2/prices/%E0%A4%A`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});
