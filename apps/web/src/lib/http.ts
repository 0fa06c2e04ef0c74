import {
  type CallInput,
  type Endpoint,
  endpointPath,
  Messages,
  type NoInput,
  queryString,
  type ResponseOf,
} from '@qbank/contract';
import { takePreloaded } from './preloaded';
import { nextRetryDelay, shouldRetryStatus } from './retry';

/** An error from a non-OK response: the status text plus the server's message, carrying the status code (SPEC §8). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly statusText: string,
    /** What the server said: a string body, its message field, else 'Unknown'. */
    readonly serverMessage: string,
    readonly field?: string,
    /** The server's error code (DESIGN.md §4), e.g. SESSION_EXPIRED. */
    readonly code?: string,
    message = `${statusText}: ${serverMessage}`,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

type Callback = () => void;
const state: {
  accessToken: string | null;
  onUnauthorized: Callback | null;
  onReauthorize: Callback | null;
  sleep: (ms: number) => Promise<void>;
} = {
  accessToken: null,
  onUnauthorized: null,
  onReauthorize: null,
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

/** The access token is held in memory only and cleared on logout (SPEC §3). Setting a falsy one runs the reauthorize callback (SPEC §4). */
export function setAccessToken(token: string | null): void {
  state.accessToken = token || null;
  if (!token) state.onReauthorize?.();
}
export function getAccessToken(): string | null {
  return state.accessToken;
}
/** The logout callback: runs when a call answers 401 (not the quiet session probe, not a password-bearing post). */
export function setUnauthorizedHandler(cb: Callback | null): void {
  state.onUnauthorized = cb;
}
/** Runs whenever the access token is set falsy (SPEC §4): the app decides whether that means the session expired. */
export function setReauthorizeHandler(cb: Callback | null): void {
  state.onReauthorize = cb;
}
/** For tests: replace the wait between retries. */
export function setSleep(fn: (ms: number) => Promise<void>): void {
  state.sleep = fn;
}

export interface RequestOptions {
  method?: string;
  /** A JSON body, a FormData or URLSearchParams (form posts). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not run the logout callback on 401 (the session probe itself). */
  quiet401?: boolean;
  /** Sent even when the page is closing (fetch's keepalive): a last word from a page that goes away. */
  keepalive?: boolean;
}

function carriesPassword(body: unknown): boolean {
  if (body instanceof URLSearchParams || body instanceof FormData) {
    for (const key of body.keys()) if (/password/i.test(key)) return true;
    return false;
  }
  if (body && typeof body === 'object') return Object.keys(body).some((k) => /password/i.test(k));
  return false;
}

async function readError(res: Response): Promise<HttpError> {
  let message = 'Unknown';
  let field: string | undefined;
  let code: string | undefined;
  const text = await res.text().catch(() => '');
  if (text) {
    try {
      const json = JSON.parse(text) as unknown;
      if (typeof json === 'string') message = json;
      else if (json && typeof json === 'object') {
        const o = json as { message?: unknown; field?: unknown; code?: unknown };
        if (typeof o.message === 'string' && o.message) message = o.message;
        if (typeof o.field === 'string') field = o.field;
        if (typeof o.code === 'string') code = o.code;
      }
    } catch {
      message = text;
    }
  }
  return new HttpError(res.status, res.statusText || String(res.status), message, field, code);
}

/** Sends one request with the platform's rules: credentials, CSRF token, retry above 500, 401 handling. Returns the raw Response. */
export async function send(path: string, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || opts.body instanceof URLSearchParams) body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] = 'application/json';
  }
  if (state.accessToken) headers['X-CSRF-Token'] = state.accessToken;
  let delay: number | null = null;
  // The page's first calls may have come answered inside the page (lib/preloaded.ts).
  const preloaded = takePreloaded(opts.method ?? 'GET', path, opts.body);
  for (;;) {
    const res =
      preloaded ??
      (await fetch(path, {
        method: opts.method ?? 'GET',
        headers,
        body,
        credentials: 'include',
        signal: opts.signal,
        ...(opts.keepalive ? { keepalive: true } : {}),
      }));
    if (shouldRetryStatus(res.status) && !preloaded) {
      delay = nextRetryDelay(delay);
      if (delay !== null) {
        await state.sleep(delay);
        continue;
      }
    }
    if (res.status === 401 && !carriesPassword(opts.body)) {
      // The error is exactly 'Need to reauthorize' (SPEC §8); the server's code still tells an expired
      // session (a cookie whose session ended) from none at all.
      const { field, code } = await readError(res);
      if (!opts.quiet401) state.onUnauthorized?.();
      throw new HttpError(
        401,
        res.statusText || 'Unauthorized',
        Messages.needReauthorize,
        field,
        code,
        Messages.needReauthorize,
      );
    }
    return res;
  }
}

/** Sends a request and returns the parsed JSON body (or undefined for an empty body); a non-OK response throws HttpError. */
export async function request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  if (!res.ok) throw await readError(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

type CallArgs<E extends Endpoint> =
  NoInput<E> extends true
    ? [input?: CallInput<E>, opts?: Omit<RequestOptions, 'method' | 'body'>]
    : [input: CallInput<E>, opts?: Omit<RequestOptions, 'method' | 'body'>];

/**
 * Calls an endpoint the contract declares: its method and path (params filled in), its query and body, and an
 * answer typed as the endpoint's response. The one way features reach the server.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...[input, opts]: CallArgs<E>
): Promise<ResponseOf<E>> {
  const i = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const path = endpointPath(endpoint.path, i.params) + queryString(i.query);
  // A body-carrying method always sends one (an empty object when the endpoint takes none).
  const body = i.body ?? (endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {});
  return request<ResponseOf<E>>(path, { ...opts, method: endpoint.method, body });
}

export { readError };
