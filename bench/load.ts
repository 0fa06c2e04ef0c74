// The load generator of `npm run bench`, in its own process (forked by run.ts), so autocannon's work never
// competes with the server's event loop. It receives one scenario, runs a warm-up, then the measured runs,
// and sends back the figures.
import autocannon from 'autocannon';

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
}

export interface LoadFigures {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

export interface LoadResult {
  fixed: LoadFigures | null;
  max: LoadFigures;
}

let shown = false;

function run(job: LoadJob, seconds: number, rate: number | null): Promise<LoadFigures> {
  let next = 0;
  const { requests } = job;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: seconds,
        ...(rate ? { overallRate: rate } : {}),
        requests: [
          {
            // Every request takes the next one of the list, whichever connection sends it.
            setupRequest: (req) => {
              const r = requests[next++ % requests.length]!;
              return { ...req, method: r.method, path: r.path, headers: r.headers ?? {}, body: r.body };
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

process.on('message', async (job: LoadJob) => {
  try {
    if (job.warmupSeconds > 0) await run(job, job.warmupSeconds, null);
    const fixed = job.rate ? await run(job, job.seconds, job.rate) : null;
    const max = await run(job, job.seconds, null);
    process.send!({ ok: true, result: { fixed, max } satisfies LoadResult });
  } catch (e) {
    process.send!({ ok: false, error: String(e) });
  }
});
