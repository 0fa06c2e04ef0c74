import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorBody, ErrorCode } from '@qbank/contract';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { type InputPart, validationError } from '../lib/validation';

const PARTS: Record<string, InputPart> = { body: 'body', querystring: 'query', params: 'params' };

const body = (statusCode: number, code: ErrorCode, message: string, field?: string): ErrorBody => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  code,
  ...(field ? { field } : {}),
});

// GET /login is a page; only POST /login is the API (GET /logout is a registered route).
const API_PREFIXES = ['/api/', '/dev/'];

/** Whether the error, or one it wraps (Drizzle wraps the driver's), carries one of the codes. */
function hasCode(err: unknown, codes: ReadonlySet<string>): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 3;
    e = e.cause as typeof e, i++
  )
    if (typeof e.code === 'string' && codes.has(e.code)) return true;
  return false;
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = new Set(['23505']);

/**
 * Failures that say the server was too busy, not that the request was wrong: no pool connection free within
 * the wait limit (db/client.ts), and PostgreSQL's lock_timeout, statement_timeout, idle-in-transaction
 * timeout and deadlock detection. They answer 503, which clients retry (SPEC §8), never a hang.
 */
const BUSY = new Set(['POOL_TIMEOUT', '55P03', '57014', '25P03', '40P01']);

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`): headers over
 * the size limit, a request line too long, a malformed request, a client too slow. Answered on the socket
 * with the DESIGN.md §4 body, then the connection is closed.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket) {
  // Node's parser gives the packet it stopped in as a Buffer (the type says a JSON form of one).
  const err = error as unknown as Error & { code?: string; rawPacket?: Buffer };
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let answer: ErrorBody;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    answer = body(408, ErrorCode.REQUEST_TIMEOUT, 'The request took too long to arrive');
  else if (err.code === 'HPE_HEADER_OVERFLOW') {
    // The limit counts the request line too: a packet that starts a request and holds no line end is a URL
    // too long, anything else is too many or too large headers.
    const head = Buffer.isBuffer(err.rawPacket)
      ? err.rawPacket.subarray(0, 16 * 1024).toString('latin1')
      : '';
    answer =
      /^[A-Z]+ /.test(head) && !head.includes('\r\n')
        ? body(414, ErrorCode.URI_TOO_LONG, 'The address (URL) is too long')
        : body(431, ErrorCode.HEADERS_TOO_LARGE, 'The request headers are too large');
  } else answer = body(400, ErrorCode.VALIDATION, 'The request is malformed');
  if (socket.writable) {
    const json = JSON.stringify(answer);
    socket.write(
      `HTTP/1.1 ${answer.statusCode} ${answer.error}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

/** The router's own refusals (Fastify's `frameworkErrors`): a malformed URL escape, a path parameter too long. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // No route, so no hooks: the headers every answer carries are set here.
  reply.header('X-Request-Id', req.id).header('X-Content-Type-Options', 'nosniff');
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.code(414).send(body(414, ErrorCode.URI_TOO_LONG, 'The address (URL) is too long'));
  if (err.code === 'FST_ERR_BAD_URL')
    return reply.code(400).send(body(400, ErrorCode.VALIDATION, 'The address (URL) is not valid'));
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return reply.code(status).send(body(status, ErrorCode.VALIDATION, 'The request is malformed'));
}

/** Every failure becomes the DESIGN.md §4 error body. With `spaHtml`, every other GET page path answers the SPA (history fallback). */
export function registerErrorHandler(app: FastifyInstance, spaHtml?: string) {
  app.setErrorHandler((caught: FastifyError | AppError, req, reply) => {
    let err = caught;
    // A request that does not match its endpoint's schema (fastify-type-provider-zod): the first problem.
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0]!;
      const where = PARTS[(err as FastifyError).validationContext ?? 'body'] ?? 'body';
      err = validationError(
        {
          code: first.keyword,
          path: first.instancePath.split('/').filter(Boolean),
          message: first.message ?? 'Invalid input',
          keys: (first.params as { keys?: string[] }).keys,
        },
        where,
      );
    }
    if (err instanceof AppError) {
      if (err.retryAfterSeconds) reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.code(err.status).send(body(err.status, err.code, err.message, err.field));
    }
    const status = (err as FastifyError).statusCode;
    if (status === 413)
      return reply.code(413).send(body(413, ErrorCode.PAYLOAD_TOO_LARGE, 'The request is too large'));
    if (status === 414)
      return reply.code(414).send(body(414, ErrorCode.URI_TOO_LONG, 'The address (URL) is too long'));
    if (status === 415)
      return reply
        .code(415)
        .send(body(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Unsupported content type', 'Content-Type'));
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
    if (hasCode(err, BUSY)) {
      req.log.warn({ err }, 'busy: answered 503');
      reply.header('Retry-After', '1');
      return reply
        .code(503)
        .send(body(503, ErrorCode.UNAVAILABLE, 'The server is busy right now. Please try again.'));
    }
    if (hasCode(err, UNIQUE_VIOLATION)) {
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
