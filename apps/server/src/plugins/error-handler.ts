import { STATUS_CODES } from 'node:http';
import { type ErrorBody, ErrorCode } from '@qbank/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const body = (statusCode: number, code: ErrorCode, message: string, field?: string): ErrorBody => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  code,
  ...(field ? { field } : {}),
});

// GET /login is a page; only POST /login is the API (GET /logout is a registered route).
const API_PREFIXES = ['/api/', '/dev/'];

/** PostgreSQL's unique_violation, as the driver throws it or as Drizzle wraps it. */
function isUniqueViolation(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 3;
    e = e.cause as typeof e, i++
  )
    if (e.code === '23505') return true;
  return false;
}

/** Every failure becomes the DESIGN.md §4 error body. With `spaHtml`, every other GET page path answers the SPA (history fallback). */
export function registerErrorHandler(app: FastifyInstance, spaHtml?: string) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds) reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.code(err.status).send(body(err.status, err.code, err.message, err.field));
    }
    const status = (err as FastifyError).statusCode;
    if (status === 413)
      return reply.code(413).send(body(413, ErrorCode.PAYLOAD_TOO_LARGE, 'The request is too large'));
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, bad content length.
      const message =
        (err as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported content type'
          : (err as FastifyError).code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body must be a JSON object'
            : /JSON/i.test(err.message)
              ? 'The request body is not valid JSON'
              : err.message;
      return reply.code(status).send(body(status, ErrorCode.VALIDATION, message));
    }
    if (isUniqueViolation(err)) {
      // A race the service's own checks could not see (two requests at once): the loser learns it lost.
      req.log.warn({ err }, 'unique violation');
      return reply
        .code(409)
        .send(
          body(
            409,
            ErrorCode.CONFLICT,
            'This was changed at the same moment by another request. Please try again.',
          ),
        );
    }
    req.log.error({ err }, 'request failed');
    return reply
      .code(500)
      .send(body(500, ErrorCode.INTERNAL, 'Something went wrong on our side. Please try again.'));
  });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    if (
      spaHtml &&
      req.method === 'GET' &&
      !API_PREFIXES.some((p) => url.startsWith(p)) &&
      !/\.[a-z0-9]+$/i.test(url)
    )
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(spaHtml);
    reply
      .code(404)
      .send(body(404, ErrorCode.NOT_FOUND, `No such endpoint: ${req.method} ${req.url.split('?')[0]}`));
  });
}
