import type { AddressInfo } from 'node:net';
import { memoryRateLimiter, type RateLimiter } from '../infra/rate-limiter';
import { type Clock, systemClock } from '../lib/clock';
import { createTestApp } from './test-app';

/**
 * The in-process rate limiter, emptied by `reset()`. Every request of a test file comes from 127.0.0.1, so
 * files reset it before each test: each test then starts with its own allowance, as a new visitor would. Its
 * windows are read from `clock`.
 */
export function resettableLimiter(clock: Clock = systemClock): RateLimiter & { reset(): Promise<void> } {
  let inner = memoryRateLimiter(clock);
  return {
    hit: (key, max, windowMs) => inner.hit(key, max, windowMs),
    peek: (key, max, windowMs) => inner.peek(key, max, windowMs),
    refund: (key, max, windowMs) => inner.refund(key, max, windowMs),
    close: () => inner.close(),
    async reset() {
      await inner.close();
      inner = memoryRateLimiter(clock);
    },
  };
}

/** The whole server on a fresh database, listening on a real socket at 127.0.0.1 (jobs still run by hand). */
export async function startHttpApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(overrides);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const origin = new URL(t.deps.config.publicUrl).origin;
  return {
    ...t,
    baseUrl,
    /** A new browser-like client: its own cookie jar, the site's Origin on every request. */
    client: () => new HttpClient(baseUrl, origin),
  };
}

export type HttpApp = Awaited<ReturnType<typeof startHttpApp>>;

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, e.g. `/api/v1/fetchRegistration?token=...`. */
  path: string;
  /** A JSON body; a string is sent as it is (for malformed bodies). */
  json?: unknown;
  /** A form body (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** Leave out the X-CSRF-Token header even when it is known. */
  noCsrf?: boolean;
  /** Send this Origin instead of the site's; null sends none. */
  origin?: string | null;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the server answered
  body: any;
}

/**
 * A small browser-like client over global fetch: keeps cookies (a jar per client), sends the site's Origin,
 * and sends the access token as X-CSRF-Token once a response has handed one out (login, session, registration).
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  accessToken: string | null = null;

  constructor(
    readonly baseUrl: string,
    readonly origin: string,
  ) {}

  async request({
    method = 'GET',
    path,
    json,
    form,
    headers = {},
    noCsrf,
    origin,
  }: HttpRequest): Promise<HttpResponse> {
    const h: Record<string, string> = { ...headers };
    const o = origin === undefined ? this.origin : origin;
    if (o !== null) h.origin = o;
    if (this.cookies.size) h.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (this.accessToken && !noCsrf) h['x-csrf-token'] = this.accessToken;
    let body: string | undefined;
    if (json !== undefined) {
      body = typeof json === 'string' ? json : JSON.stringify(json);
      h['content-type'] ??= 'application/json';
    } else if (form) {
      body = new URLSearchParams(form).toString();
      h['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(this.baseUrl + path, { method, headers: h, body, redirect: 'manual' });
    this.keepCookies(res.headers.getSetCookie());
    const text = await res.text();
    let parsed: unknown;
    if (res.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'accessToken' in parsed)
      this.accessToken = String((parsed as { accessToken: unknown }).accessToken);
    return { status: res.status, headers: res.headers, text, body: parsed };
  }

  get(path: string, opts: Omit<HttpRequest, 'path' | 'method'> = {}) {
    return this.request({ ...opts, path });
  }

  post(path: string, json?: unknown, opts: Omit<HttpRequest, 'path' | 'method' | 'json'> = {}) {
    return this.request({ ...opts, method: 'POST', path, json });
  }

  login(username: string, password: string) {
    return this.request({ method: 'POST', path: '/login', form: { username, password } });
  }

  async logout() {
    const res = await this.get('/logout');
    if (!this.cookies.has('qbank_session')) this.accessToken = null;
    return res;
  }

  private keepCookies(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attrs.some((a) => {
        const [k = '', v = ''] = a.split('=');
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return new Date(v).getTime() <= Date.now();
        return false;
      });
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
