// The first calls' answers that came inside the page (the server's <script type="application/json"
// id="qbank-preload">, apps/server/src/plugins/spa.ts): the page's first data needs no round trip after its code
// has loaded. The API client (http.ts) takes an answer from here once, for the same method, path, query and body;
// any other call, a second one, or one made later than a first load's, goes to the server.

/** What the server put in the page: one call and its answer. */
export interface PreloadedAnswer {
  method: string;
  /** Path and query, as the client sends it. */
  url: string;
  /** The JSON body sent, if any. */
  body?: unknown;
  status: number;
  answer: unknown;
}

/** Answers are for the page's first load only: a call made later than this asks the server. */
const FRESH_MS = 20_000;

let entries: PreloadedAnswer[] | null = null;

function load(): PreloadedAnswer[] {
  if (entries) return entries;
  entries = [];
  if (typeof document === 'undefined') return entries;
  const el = document.getElementById('qbank-preload');
  if (!el?.textContent) return entries;
  try {
    const parsed = JSON.parse(el.textContent) as unknown;
    if (Array.isArray(parsed)) entries = parsed as PreloadedAnswer[];
  } catch {
    // A broken block is no answer: the calls go to the server.
  }
  el.remove();
  return entries;
}

/** Path plus query with the query's keys sorted: two spellings of the same call compare equal. */
export function normalUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const q = new URLSearchParams(url.slice(at + 1));
  q.sort();
  const s = q.toString();
  return s ? `${url.slice(0, at)}?${s}` : url.slice(0, at);
}

/**
 * On the server (app/prerender.tsx), where a page is rendered from answers already made: the answers of the
 * render in progress, or undefined outside one. A call during a render takes its answer from them and never goes
 * out; one they lack fails at once.
 */
let serverSource: (() => PreloadedAnswer[] | undefined) | null = null;

/** The server's renderer: where a render's calls take their answers (see `serverSource`). */
export function answerRendersFrom(source: () => PreloadedAnswer[] | undefined): void {
  serverSource = source;
}

/** The preloaded answer to this call as a Response, taken out of the page (once), or null. */
export function takePreloaded(method: string, url: string, body: unknown): Response | null {
  const rendering = serverSource?.();
  if (!rendering && typeof performance !== 'undefined' && performance.now() > FRESH_MS) return null;
  if (body instanceof FormData || body instanceof URLSearchParams) return null;
  const list = rendering ?? load();
  if (list.length === 0 && !rendering) return null;
  const wanted = normalUrl(url);
  const sent = JSON.stringify(body ?? null);
  const i = list.findIndex(
    (e) => e.method === method && normalUrl(e.url) === wanted && JSON.stringify(e.body ?? null) === sent,
  );
  if (i < 0) {
    if (rendering) throw new Error(`${method} ${url} was not answered ahead of the server's render`);
    return null;
  }
  const [hit] = list.splice(i, 1);
  return new Response(hit!.answer === undefined ? null : JSON.stringify(hit!.answer), {
    status: hit!.status,
    headers: { 'content-type': 'application/json' },
  });
}
