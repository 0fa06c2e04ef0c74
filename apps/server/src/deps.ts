import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Events } from './infra/events';
import type { JobQueue } from './infra/jobs';
import type { Mailer } from './infra/mail';
import type { Payments } from './infra/payments';
import type { RateLimiter } from './infra/rate-limiter';
import type { MediaStorage } from './infra/storage';
import type { Clock } from './lib/clock';

/** What every module's services receive: the configured adapters. */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** What modules tell each other inside a transaction (a test finished): infra/events.ts. */
  events: Events;
  /** Where work is queued for the job runner (which app.ts builds after these). */
  jobs: JobQueue;
  limiter: RateLimiter;
  payments: Payments;
  /** Media files by content hash: disk under DATA_DIR, or S3. */
  storage: MediaStorage;
  log: FastifyBaseLogger;
  /** The current time: `systemClock`, or a test clock that tests move by hand. */
  clock: Clock;
}

// A job's handler gets the app's dependencies (infra/jobs.ts `JobDeps`).
declare module './infra/jobs' {
  interface JobDeps extends Deps {}
}
