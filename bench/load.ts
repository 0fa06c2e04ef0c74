// The load generator of `npm run bench`, in its own process (forked by run.ts), so its work never competes with
// the server's event loop. It receives one scenario, runs a warm-up, then the measured runs, and sends back the
// figures: the fixed rate open-loop and evenly paced (pacedRun), the most it serves with autocannon.
import autocannon from 'autocannon';
import { http1Pool, requestBytes } from './http1';
import { percentile, sendTimes } from './pacing';

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** Path and query. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadJob {
  url: string;
  /** Cycled through in order, each connection starting at its own place: many terms, ids or users. */
  requests: LoadRequest[];
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** Requests per second for the fixed-rate run; null for none. */
  rate: number | null;
  /** How long the most-it-serves run lasts; `seconds` when not given (a scenario about its fixed rate gives 1). */
  mostSeconds?: number;
}

export interface LoadFigures {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

export interface LoadResult {
  fixed: (LoadFigures & { answered: number }) | null;
  max: LoadFigures;
}

let shown = false;

/**
 * The next request of the list, shared by the warm-up and both runs: each goes on where the last stopped, so a
 * list longer than a scenario's requests is never asked twice (the store's "never asked before" terms).
 */
let cursor = 0;

/**
 * The most it serves: every connection sends its next request as soon as the last one is answered (closed loop,
 * autocannon). Only for the "most req/s" figures: autocannon's own `overallRate` lets each connection send its
 * share of a second's requests back to back at the start of the second, so a "fixed rate" of 100 req/s was ten
 * requests at once every 100 ms of work and then nothing, and its latencies were those of a burst.
 */
function run(job: LoadJob, seconds: number): Promise<LoadFigures> {
  const { requests } = job;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: seconds,
        requests: [
          {
            // Every request takes the next one of the list, whichever connection sends it.
            setupRequest: (req) => {
              const r = requests[cursor++ % requests.length]!;
              // A copy of the headers: autocannon adds its Content-Length to the object it is given, and the
              // same request object later goes out through the fixed-rate client (http1.ts).
              return { ...req, method: r.method, path: r.path, headers: { ...r.headers }, body: r.body };
            },
            // BENCH_DEBUG=1 prints the first answer that is not a success, to find out why a scenario errs.
            onResponse: (status: number, body: string) => {
              if (process.env.BENCH_DEBUG && status >= 400 && !shown) {
                shown = true;
                console.error(`first ${status}: ${body.slice(0, 500)}`);
              }
            },
          },
        ],
      },
      (err, res) => {
        if (err) return reject(err);
        resolve({
          p50: res.latency.p50,
          p99: res.latency.p99,
          rps: Math.round(res.requests.average),
          errors: res.errors + res['4xx'] + res['5xx'],
        });
      },
    );
  });
}

/** How long a fixed-rate run waits, after its last request went out, for the answers still to come. */
const DRAIN_MS = 5_000;

/**
 * A fixed rate as users make it: one request every 1/rate s whether or not the earlier ones were answered (open
 * loop), over at most `connections` kept-alive connections (a request finding them all busy waits for one),
 * through the bench's own small HTTP/1.1 client (http1.ts), which costs the shared cores less than Node's. Each
 * latency runs from the moment the request was due, not from when it could be sent, so a stalled server is
 * charged for the requests it held back (no coordinated omission), and it ends when the whole answer has arrived.
 * A rate above what the server serves builds a queue: requests still unanswered DRAIN_MS after the last one went
 * out count with the time they had waited (a lower bound) and as errors, and the run ends there.
 */
function pacedRun(job: LoadJob, seconds: number, rate: number): Promise<LoadFigures & { answered: number }> {
  const url = new URL(job.url);
  const pool = http1Pool(url.hostname, Number(url.port), job.connections);
  const due = sendTimes(rate, seconds);
  const latencies: number[] = [];
  /** Requests sent and not yet answered: their due times. */
  const waiting = new Set<{ at: number }>();
  let errors = 0;
  let answered = 0;
  let sent = 0;
  let finished = false;
  let shownPaced = false;
  return new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    let drain: NodeJS.Timeout | undefined;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(drain);
      const now = performance.now();
      for (const w of waiting) latencies.push(now - w.at);
      errors += waiting.size;
      pool.close();
      latencies.sort((a, b) => a - b);
      resolve({
        p50: round(percentile(latencies, 50)),
        p99: round(percentile(latencies, 99)),
        rps: Math.round((answered * 1000) / (last - start)),
        errors,
        answered,
      });
    };
    const settle = (w: { at: number }, failed: boolean) => {
      if (finished || !waiting.delete(w)) return;
      latencies.push(performance.now() - w.at);
      if (failed) errors++;
      else answered++;
      last = performance.now();
      if (sent === due.length && waiting.size === 0) finish();
    };
    const fire = (at: number) => {
      const w = { at };
      waiting.add(w);
      const r = job.requests[cursor++ % job.requests.length]!;
      pool.send(requestBytes(url.host, r), (status) => {
        const failed = status === null || status >= 400;
        if (failed && process.env.BENCH_DEBUG && !shownPaced) {
          shownPaced = true;
          console.error(
            `first failure at the fixed rate: ${status ?? 'the connection closed'} for ${r.method} ${r.path}`,
          );
        }
        settle(w, failed);
      });
    };
    // Every request whose time has come goes out (a late timer catches up), then sleep until the next is due.
    const tick = () => {
      const now = performance.now() - start;
      while (sent < due.length && due[sent]! <= now) fire(start + due[sent++]!);
      if (sent < due.length) setTimeout(tick, Math.max(0, due[sent]! - (performance.now() - start)));
      else if (waiting.size === 0) finish();
      else drain = setTimeout(finish, DRAIN_MS);
    };
    tick();
  });
}

const round = (ms: number) => Math.round(ms * 100) / 100;

process.on('message', async (job: LoadJob) => {
  try {
    if (job.warmupSeconds > 0) await run(job, job.warmupSeconds);
    // The server measures its CPU time between the two marks (run.ts).
    process.send!({ mark: 'fixed start' });
    const fixed = job.rate ? await pacedRun(job, job.seconds, job.rate) : null;
    process.send!({ mark: 'fixed end' });
    const max = await run(job, job.mostSeconds ?? job.seconds);
    process.send!({ ok: true, result: { fixed, max } satisfies LoadResult });
  } catch (e) {
    process.send!({ ok: false, error: String(e) });
  }
});
