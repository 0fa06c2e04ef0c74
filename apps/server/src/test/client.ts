import type { FastifyInstance } from 'fastify';

/** A request as a test writes it. */
export interface TestRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  /** Path and query, e.g. `/api/v1/fetchRegistration?token=...`. */
  url: string;
  /** A JSON body; a string is sent as it is (for malformed bodies). */
  json?: unknown;
  /** A form body (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  /** A body sent as it is, with the Content-Type given in `headers` (multipart uploads). */
  raw?: Buffer | string;
  headers?: Record<string, string>;
  /** Leave out the X-CSRF-Token header even when it is known. */
  noCsrf?: boolean;
  /** Send this Origin instead of the client's; null sends none. */
  origin?: string | null;
}

/** A response as a test reads it. */
export interface TestResponse {
  status: number;
  headers: Headers;
  /** The body as text. */
  text: string;
  /**
   * The body's bytes as the transport handed them over: as sent by app.inject; decoded from their
   * Content-Encoding by fetch.
   */
  bytes: Buffer;
  /** The parsed JSON body, or undefined when the body is not JSON (or still encoded, as app.inject hands it). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the server answered
  body: any;
}

/** How a client's request reaches the server: through app.inject, or over a socket with fetch. */
export type Transport = (r: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}) => Promise<{ status: number; headers: Headers; bytes: Buffer; encoded: boolean }>;

/** Requests handed to the app in-process (app.inject): no socket, the bytes as the server wrote them. */
export function injectTransport(app: FastifyInstance): Transport {
  return async ({ method, url, headers, body }) => {
    const res = await app.inject({ method: method as 'GET', url, headers, payload: body });
    const h = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) h.append(name, String(v));
    }
    const encoding = h.get('content-encoding');
    return {
      status: res.statusCode,
      headers: h,
      bytes: res.rawPayload,
      encoded: !!encoding && encoding !== 'identity',
    };
  };
}

/** Requests over a real socket to `baseUrl` with global fetch (redirects are answered, not followed). */
export function fetchTransport(baseUrl: string): Transport {
  return async ({ method, url, headers, body }) => {
    const res = await fetch(baseUrl + url, {
      method,
      headers,
      body: body as BodyInit | undefined,
      redirect: 'manual',
    });
    // fetch decodes the body of its Content-Encoding.
    return {
      status: res.status,
      headers: res.headers,
      bytes: Buffer.from(await res.arrayBuffer()),
      encoded: false,
    };
  };
}

/**
 * The one test client, a small browser: keeps cookies (a jar per client), sends `origin` as the Origin header
 * when it has one, and sends the access token as X-CSRF-Token once a response has handed one out (login,
 * session, registration). Made by `t.client()` of a test app: over app.inject for createTestApp, over a real
 * socket for startHttpApp.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  accessToken: string | null = null;

  constructor(
    readonly transport: Transport,
    readonly origin: string | null = null,
  ) {}

  async req({
    method = 'GET',
    url,
    json,
    form,
    raw,
    headers = {},
    noCsrf,
    origin,
  }: TestRequest): Promise<TestResponse> {
    const h: Record<string, string> = { ...headers };
    const o = origin === undefined ? this.origin : origin;
    if (o !== null) h.origin = o;
    if (this.cookies.size) h.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (this.accessToken && !noCsrf) h['x-csrf-token'] = this.accessToken;
    let body: string | Buffer | undefined = raw;
    if (json !== undefined) {
      body = typeof json === 'string' ? json : JSON.stringify(json);
      h['content-type'] ??= 'application/json';
    } else if (form) {
      body = new URLSearchParams(form).toString();
      h['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await this.transport({ method, url, headers: h, body });
    this.keepCookies(res.headers.getSetCookie());
    const text = res.bytes.toString('utf8');
    let parsed: unknown;
    if (!res.encoded && /[/+]json\b/.test(res.headers.get('content-type') ?? '') && text)
      parsed = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'accessToken' in parsed)
      this.accessToken = String((parsed as { accessToken: unknown }).accessToken);
    return { status: res.status, headers: res.headers, text, bytes: res.bytes, body: parsed };
  }

  get(url: string, opts: Omit<TestRequest, 'url' | 'method'> = {}) {
    return this.req({ ...opts, url });
  }

  post(url: string, json?: unknown, opts: Omit<TestRequest, 'url' | 'method' | 'json'> = {}) {
    return this.req({ ...opts, method: 'POST', url, json });
  }

  login(username: string, password: string) {
    return this.req({ method: 'POST', url: '/login', form: { username, password } });
  }

  async logout() {
    const res = await this.get('/logout');
    if (!this.cookies.has('qbank_session')) this.accessToken = null;
    return res;
  }

  /** A second client on the same session (its cookies and access token), as another tab or device. */
  copy(transport = this.transport): TestClient {
    const c = new TestClient(transport, this.origin);
    for (const [name, value] of this.cookies) c.cookies.set(name, value);
    c.accessToken = this.accessToken;
    return c;
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
