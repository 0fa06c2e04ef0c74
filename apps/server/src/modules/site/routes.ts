import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ErrorCode, siteApi, type UploadField } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { route } from '../../plugins/route';

const policiesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/policies');
const policies: Record<string, string> = {
  '/terms': 'terms.pdf',
  '/privacy': 'privacy.pdf',
  '/cookies': 'cookies.pdf',
};

/**
 * How an upload endpoint (bodyType 'multipart') takes its file: one part, named and bounded by the endpoint's
 * `upload` declaration, the same one its route hands the upload reader (lib/upload.ts).
 */
function uploadBody({ field, maxBytes }: UploadField) {
  return {
    type: 'object',
    required: [field],
    properties: {
      [field]: {
        type: 'string',
        format: 'binary',
        description: `The file, at most ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB (${maxBytes} bytes)`,
        'x-max-bytes': maxBytes,
      },
    },
  };
}

/**
 * The OpenAPI document, made by @fastify/swagger from the endpoints' zod schemas as they are registered, and
 * its reader at /api/docs (the document itself at /api/docs/json). Registered before any route.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'QBank Cloud API',
        version: '2',
        description:
          'Errors answer { statusCode, error, message, code, field? }. Signed-in writes send the access token as X-CSRF-Token.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'qbank_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        },
        schemas: {
          Error: {
            type: 'object',
            required: ['statusCode', 'error', 'message', 'code'],
            properties: {
              statusCode: { type: 'integer' },
              error: { type: 'string' },
              message: { type: 'string' },
              code: { type: 'string' },
              field: { type: 'string' },
            },
          },
        },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      // An upload declares no body schema (the route reads the file itself): the document shows the file
      // its declaration names.
      const upload = input.route.config?.endpoint?.upload;
      if (upload) out.schema = { ...out.schema, body: uploadBody(upload) };
      return out;
    },
  });
  // The reader's pages keep the app's own Content-Security-Policy (plugins/security-headers.ts): its scripts are
  // files, not inline. The plugin's static policy would replace it with a weaker one (framing by the same origin,
  // https forced on the plain-http embedded default) that also blocks the reader's own inline styles. No online
  // validator badge: the page loads nothing from elsewhere.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
}

/** How long the health check waits for the database before it answers 503. */
export const HEALTH_DEADLINE_MS = 2_000;

/** Whether the database answers within the deadline; a late answer is let go (its error, too). */
async function databaseAnswers(db: Db, deadlineMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), deadlineMs);
  });
  const query = db.execute(sql`SELECT 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The policy PDFs and a health check: a readiness answer a load balancer can act on. It asks the database for
 * one row within a deadline, so a server whose pool is exhausted or whose database is gone says so (503).
 */
export function siteRoutes(app: FastifyInstance, deps: Pick<Deps, 'db'>) {
  for (const [url, file] of Object.entries(policies)) {
    app.get(url, async (_req, reply) => {
      const buf = await fs.promises.readFile(path.join(policiesDir, file));
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${file}"`)
        .header('Cache-Control', 'public, max-age=3600')
        .send(buf);
    });
  }
  route(app, siteApi.health, async () => {
    if (!(await databaseAnswers(deps.db, HEALTH_DEADLINE_MS)))
      throw new AppError(
        ErrorCode.UNAVAILABLE,
        `The database did not answer within ${HEALTH_DEADLINE_MS / 1000} s`,
        'database',
      );
    return { ok: true as const, database: 'ok' as const };
  });
}
