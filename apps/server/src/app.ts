import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { IMPORT_MAX_BYTES, MEDIA_MAX_BYTES } from '@qbank/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Deps } from './deps';
import { createEvents, type EventName } from './infra/events';
import { createJobQueue, createJobRunner, type JobRunner, PURGE_EVERY_MS } from './infra/jobs';
import {
  createMailer,
  type MailTransport,
  mailBatchJob,
  mailJob,
  outboxTransport,
  smtpTransport,
} from './infra/mail';
import { type Payments, stopRenewalJob } from './infra/payments';
import { type LocalPayments, localPayments, localWebhookJob } from './infra/payments-local';
import { stripePayments } from './infra/payments-stripe';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from './infra/rate-limiter';
import { purgeSpent } from './infra/retention';
import { type MediaStorage, makeStorage } from './infra/storage';
import { type Clock, systemClock } from './lib/clock';
import { type LogFormat, loggerOptions, QuietRequestLog } from './lib/logger';
import { MODULES, type ServerModule } from './modules';
import { readSession } from './modules/accounts';
import { WEBHOOK_URL } from './modules/checkout';
import { registerApiDocs } from './modules/site';
import { rolesByProduct } from './modules/subscriptions';
import { registerAnswerCompression } from './plugins/compress-answers';
import { registerContentTypes } from './plugins/content-types';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSession } from './plugins/session';
import { registerSpa } from './plugins/spa';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Replace an adapter (tests use a real SMTP server, a fake clock ...). */
  mailTransport?: MailTransport;
  limiter?: RateLimiter;
  payments?: Payments;
  /** Where media files go (tests pass their own folder or S3 server). */
  storage?: MediaStorage;
  /** The current time for everything the app does (tests move a test clock). */
  clock?: Clock;
  /** Start the background job poller (off in tests that drive jobs by hand). */
  startJobs?: boolean;
  logger?: boolean;
  /** Readable log lines (a person at a terminal) instead of JSON; main.ts decides from LOG_FORMAT. */
  logFormat?: LogFormat;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: Deps;
  /** The runner working `deps.jobs` (started when the app is ready, unless `startJobs` is false). */
  jobs: JobRunner;
}

/** Builds the whole server without listening: adapters chosen from config, routes registered, SPA served when built. */
export async function buildApp(opts: BuildOptions): Promise<BuiltApp> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel, opts.logFormat ?? 'json'),
    logController: new QuietRequestLog(),
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 100
        ? req.headers['x-request-id']
        : randomUUID(),
    bodyLimit: 1024 * 1024,
    // Requests refused before routing still answer the DESIGN.md §4 error body.
    clientErrorHandler,
    frameworkErrors,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  });

  const clock = opts.clock ?? systemClock;
  const transport =
    opts.mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : outboxTransport());
  const limiter =
    opts.limiter ??
    (config.redisUrl
      ? redisRateLimiter(new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }))
      : memoryRateLimiter(clock));
  // The queue first (it needs only the database), so the mailer and the payments adapter can queue work; the
  // runner that works it comes last, with everything its jobs use.
  const queue = createJobQueue({ db: database.db, clock });
  const mailer = createMailer(transport, queue, config.mailFrom);
  // The embedded provider delivers its signed events to our own webhook endpoint, through the whole HTTP stack.
  const deliverToSelf = async (raw: string, signature: string) =>
    (
      await app.inject({
        method: 'POST',
        url: WEBHOOK_URL,
        payload: raw,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      })
    ).statusCode;
  const payments: Payments =
    opts.payments ??
    (config.stripeSecretKey
      ? stripePayments({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret! })
      : localPayments({
          db: database.db,
          publicUrl: config.publicUrl,
          jobs: queue,
          deliver: deliverToSelf,
          clock,
        }));
  const local = payments.kind === 'local' ? (payments as LocalPayments) : null;
  const storage = opts.storage ?? makeStorage(config);
  const events = createEvents();
  const deps: Deps = {
    config,
    db: database.db,
    events,
    mailer,
    jobs: queue,
    limiter,
    payments,
    storage,
    log: app.log,
    clock,
  };
  const jobs = createJobRunner({
    db: database.db,
    log: app.log,
    clock,
    queue,
    jobs: [mailJob, mailBatchJob, stopRenewalJob, localWebhookJob, ...MODULES.flatMap((m) => m.jobs ?? [])],
    deps,
  });
  if (local) jobs.every('local payments: renew or end subscriptions', 60_000, (now) => local.sweep(now));
  jobs.every('retention: purge finished jobs and spent one-time tokens', PURGE_EVERY_MS, (now) =>
    purgeSpent(database.db, now),
  );
  for (const m of MODULES)
    for (const [name, listener] of Object.entries(m.on ?? {}) as [
      EventName,
      NonNullable<ServerModule['on']>[EventName],
    ][])
      events.on(name, (tx, payload) => listener!(deps, tx, payload));
  for (const m of MODULES)
    for (const task of m.every ?? []) jobs.every(task.name, task.everyMs, (now) => task.run(deps, now));

  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  await registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });

  const indexHtml = config.webDist ? path.join(config.webDist, 'index.html') : null;
  const spaHtml = indexHtml && fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml, 'utf8') : undefined;
  // The landing page built as static HTML (apps/web/prerender.mjs): what `/` answers when the build made it.
  const landingFile = config.webDist ? path.join(config.webDist, 'landing.html') : null;
  const landingHtml =
    spaHtml && landingFile && fs.existsSync(landingFile) ? fs.readFileSync(landingFile, 'utf8') : undefined;
  // Before any route or scope is registered, so every one of them inherits it.
  registerErrorHandler(app, spaHtml);
  // API answers over 1 KB are compressed on the fly, each in one job, for clients that accept it
  // (plugins/compress-answers.ts, lib/http-encoding.ts); the SPA's files are compressed at build time. The
  // compress plugin serves the rest (the SPA's page, the dev mailbox), also with brotli at quality 3.
  registerAnswerCompression(app);
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
  });
  await app.register(fastifyCookie);
  await registerContentTypes(app);
  // File uploads (endpoints with bodyType 'multipart'): one file a request, read by its route with the
  // route's own size limit (lib/upload.ts); the default limit is the largest any route takes.
  await app.register(fastifyMultipart, {
    limits: {
      files: 1,
      fields: 10,
      parts: 11,
      fieldSize: 64 * 1024,
      fileSize: Math.max(IMPORT_MAX_BYTES, MEDIA_MAX_BYTES),
    },
  });
  registerSession(app, {
    db: database.db,
    secureCookies: config.publicUrl.startsWith('https:'),
    publicOrigin: new URL(config.publicUrl).origin,
    clock,
    sessions: { read: readSession, rolesOf: rolesByProduct },
  });

  // Every endpoint is declared once in the contract; its zod schemas validate what comes in, check and trim
  // what goes out (plugins/route.ts) and make the OpenAPI document.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerApiDocs(app);

  // Each module's routes (modules/index.ts), in order.
  for (const m of MODULES) await m.routes?.(app, deps);

  // The app's pages: `/` the static landing page, every other page with its route's files and first data
  // (plugins/spa.ts).
  if (spaHtml) await registerSpa(app, { webDist: config.webDist!, spaHtml, landingHtml });
  if (spaHtml)
    await app.register(fastifyStatic, {
      root: config.webDist!,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies beside the scripts and styles: sent as they are.
      preCompressed: true,
      maxAge: '1h',
      setHeaders(reply, file) {
        // Files under assets/ carry a hash of their content in their name: they never change.
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });

  if (opts.startJobs !== false) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    transport.close();
    await limiter.close();
    if ('client' in storage) (storage as { client: { destroy(): void } }).client.destroy();
  });
  return { app, deps, jobs };
}
