import fastifyFormbody from '@fastify/formbody';
import { ErrorCode } from '@qbank/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const MULTIPART_TYPE = 'multipart/form-data';

/**
 * The body each endpoint takes, as its contract declaration says (`bodyType`; DESIGN.md §4): a form for
 * POST /login, multipart/form-data for file uploads, JSON for every other one (raw webhook bytes are JSON
 * too). A plain cross-site HTML form (form-encoded or text/plain) so cannot reach a JSON endpoint at all;
 * a cross-site multipart form still meets the CSRF token check of every `user` endpoint.
 */
const BODY_TYPES = {
  form: [FORM_TYPE],
  json: [JSON_TYPE],
  raw: [JSON_TYPE],
  multipart: [MULTIPART_TYPE],
} as const;

const hasBody = (req: FastifyRequest) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** Parses forms, and refuses with 415 a body in a content type its endpoint does not take, before reading it. */
export async function registerContentTypes(app: FastifyInstance) {
  await app.register(fastifyFormbody);
  app.addHook('onRequest', async (req) => {
    const url = req.routeOptions.url;
    if (!url || !hasBody(req)) return; // no route (404, the SPA), or nothing to parse
    const allowed: readonly string[] = BODY_TYPES[req.routeOptions.config?.endpoint?.bodyType ?? 'json'];
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!allowed.includes(type))
      throw new AppError(
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        `This endpoint takes ${allowed.join(' or ')}`,
        'Content-Type',
      );
  });
}
