import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL (${protocols.join(' or ')})` },
  );

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DB_POOL_SIZE: z.coerce
    .number({ error: 'must be a whole number from 1 to 1000' })
    .int({ error: 'must be a whole number from 1 to 1000' })
    .min(1, { error: 'must be a whole number from 1 to 1000' })
    .max(1000, { error: 'must be a whole number from 1 to 1000' })
    .default(10),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('QBank Cloud <no-reply@qbankcloud.com>'),
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@qbankcloud.com'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  TEST_CHECKOUT: bool.optional(),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  SEED_DEMO: bool.optional(),
  DEV_MAILBOX: bool.optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, {
      error: 'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses',
    })
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json'], { error: 'must be auto, pretty or json' }).default('auto'),
  NODE_ENV: z.string().optional(),
  WEB_DIST: z.string().min(1).optional(),
});

/** The host part of a URL for a listen address: IPv6 bracketed, the any-address shown as localhost. */
export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return 'localhost';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections in the database pool (DB_POOL_SIZE). */
  dbPoolSize: number;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  redisUrl?: string;
  s3?: { endpoint?: string; bucket: string; region?: string; accessKeyId?: string; secretAccessKey?: string };
  seedDemo: boolean;
  logLevel: string;
  /** auto: readable lines at a terminal outside production, JSON otherwise. */
  logFormat: 'auto' | 'pretty' | 'json';
  production: boolean;
  /** Whether the outbox (dev mailbox) is the mail transport. */
  mailOutbox: boolean;
  /** Whether /dev/mailbox lists the outbox: never in production, where it would show everyone's links. */
  devMailbox: boolean;
  /** Which X-Forwarded-For hops to believe for the client address (rate limits are per address). */
  trustProxy: boolean | number | string;
  /** Where the built SPA lives (WEB_DIST); absent in API-only tests, main.ts then serves the repository's build. */
  webDist?: string;
}

export class ConfigError extends Error {}

/** Parses the environment once. A bad value throws ConfigError with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable (VAR= in an env file) counts as unset.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
    );
  // Without Stripe the embedded test checkout sells every plan for a click: never by accident in production.
  if (e.NODE_ENV === 'production' && !e.STRIPE_SECRET_KEY && !e.TEST_CHECKOUT)
    throw new ConfigError(
      'Invalid configuration: STRIPE_SECRET_KEY is required when NODE_ENV=production (set TEST_CHECKOUT=on to sell through the built-in test checkout, where nothing is paid)',
    );
  // Without a bucket media go to local disk: a half-set S3 configuration would do that without a word.
  const s3Without = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find(
    (name) => e[name] && !e.S3_BUCKET,
  );
  if (s3Without)
    throw new ConfigError(`Invalid configuration: S3_BUCKET is required when ${s3Without} is set`);
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw new ConfigError(
      e.S3_ACCESS_KEY_ID
        ? 'Invalid configuration: S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set'
        : 'Invalid configuration: S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set',
    );
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    // The default is where the server listens, so the URL it prints and the links it mails share one origin
    // (and so one browser storage and session cookie).
    publicUrl: (e.PUBLIC_URL ?? `http://${urlHost(e.HOST)}:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    redisUrl: e.REDIS_URL,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    production: e.NODE_ENV === 'production',
    mailOutbox: !e.SMTP_URL,
    devMailbox: !e.SMTP_URL && (e.DEV_MAILBOX ?? e.NODE_ENV !== 'production'),
    trustProxy:
      e.TRUST_PROXY === undefined || e.TRUST_PROXY === 'false'
        ? false
        : e.TRUST_PROXY === 'true'
          ? true
          : /^\d+$/.test(e.TRUST_PROXY)
            ? Number(e.TRUST_PROXY)
            : e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    ...overrides,
  };
}
