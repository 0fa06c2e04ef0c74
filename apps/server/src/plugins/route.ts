import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@qbank/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inRequest } from '../infra/audit';
import type { Client, FileAnswer } from '../lib/answers';
import { type Action, type Actor, askingPolicies, writingRequest } from '../policies';
import type { DeferredSession } from './session';

export type { Client, FileAnswer };

export interface RouteContext<E extends Endpoint> {
  /** The signed-in caller: always present on `user` endpoints, null for visitors elsewhere. */
  actor: E['access'] extends 'user' ? Actor : Actor | null;
  client: Client;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** The body as it came, before the schema checked and trimmed it (a signature or hash over what was sent). */
  unvalidatedBody: unknown;
  /** For what only a route does: cookies and headers. Services never see these. */
  req: FastifyRequest;
  reply: FastifyReply;
}

/** An answer sent as a file download (Content-Disposition: attachment) instead of JSON. */
export class Download {
  constructor(readonly file: FileAnswer) {}
}
export const download = (file: FileAnswer) => new Download(file);

/** `attachment` with the name as ASCII for old clients and in full as RFC 6266's filename*. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export type Handler<E extends Endpoint> = (
  ctx: RouteContext<E>,
) => // biome-ignore lint/suspicious/noConfusingVoidType: an endpoint without a response answers nothing (async () => {})
Promise<ResponseOf<E> | Download | undefined | void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint this route serves (its access is enforced by the session plugin). */
    endpoint?: Endpoint;
  }
}

const unvalidated = new WeakMap<FastifyRequest, unknown>();

/** What a route declares beside its endpoint. */
export interface RouteOptions {
  /**
   * The policies (policies/index.ts) that decide whether this caller may do this to this thing. The contract's
   * `access` says who may call at all; these say what the service asks before it answers. A successful answer
   * for which one of them was not asked is refused with a 500 instead of being sent.
   */
  policy?: Action | readonly Action[];
}

/**
 * Registers the route of a contract endpoint: Fastify validates params, query and body with the endpoint's zod
 * schemas (fastify-type-provider-zod), the session plugin enforces its access, the policies the route declares
 * must be asked on the way to a successful answer, and what goes out is checked against the response schema and
 * trimmed to it, so nothing undeclared (a password hash) can leak.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: RouteOptions = {},
): void {
  register(app, endpoint, handler, false, options);
}

/** What a route whose write proves the session gets instead of `actor`. */
export type ProvingContext<E extends Endpoint> = Omit<RouteContext<E>, 'actor'> & {
  /** The caller, read by the session plugin; or, when the request carries a cookie and a CSRF token, their
   * proof for the write to check, with the caller on demand (for the path where that write does not apply). */
  caller: Actor | DeferredSession;
};

/**
 * A route of a `user` endpoint whose one write checks the session, the CSRF token and the owner in its own
 * statement (the busiest writes: a timed answer), so the request costs the database one statement, not two.
 */
export function routeProvingSession<E extends Endpoint & { access: 'user' }>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: ProvingContext<E>) => ReturnType<Handler<E>>,
  options: RouteOptions = {},
): void {
  register(
    app,
    endpoint,
    ({ actor, req, ...rest }) => handler({ ...rest, req, caller: req.deferredSession ?? (actor as Actor) }),
    true,
    options,
  );
}

function register<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  sessionProvenByWrite: boolean,
  options: RouteOptions,
): void {
  const status = endpoint.status ?? 200;
  const policies = ([] as readonly Action[]).concat(options.policy ?? []);
  const work =
    policies.length === 0
      ? handler
      : async (ctx: RouteContext<E>) => {
          const { result, notAsked } = await askingPolicies(policies, () => handler(ctx));
          if (notAsked.length > 0)
            throw new Error(
              `${endpoint.method} ${endpoint.path} declares the ${notAsked.join(', ')} policy but did not ask it`,
            );
          return result;
        };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      ...(policies.length > 0 ? { description: `Policies asked: ${policies.join(', ')}.` } : {}),
      tags: [...endpoint.tags],
      ...(endpoint.access === 'user' ? { security: [{ session: [], csrf: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body && endpoint.bodyType !== 'raw' && endpoint.bodyType !== 'multipart'
        ? { body: endpoint.body }
        : {}),
      ...(endpoint.bodyType === 'form' ? { consumes: ['application/x-www-form-urlencoded'] } : {}),
      // The file streams in as the handler reads it (lib/upload.ts); nothing is parsed before.
      ...(endpoint.bodyType === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
      ...(endpoint.response ? { response: { [status]: endpoint.response } } : {}),
    },
    config: { endpoint, sessionProvenByWrite },
    preValidation: async (req) => {
      unvalidated.set(req, req.body);
    },
    handler: async (req, reply) => {
      // Audit entries written by this request name its address (infra/audit.ts).
      // A staff write to a suspended product is refused by the policies (policies/index.ts): they learn here
      // whether this request writes.
      const writes = endpoint.method !== 'GET';
      const result = await inRequest(req.ip ?? null, () =>
        writingRequest(writes, () =>
          work({
            actor: req.actor as RouteContext<E>['actor'],
            client: { ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 500) ?? null },
            params: req.params as ParamsOf<E>,
            query: req.query as QueryOf<E>,
            body: req.body as BodyOf<E>,
            unvalidatedBody: unvalidated.get(req),
            req,
            reply,
          }),
        ),
      );
      if (reply.sent) return reply;
      reply.code(status);
      if (result === undefined) return reply.send();
      if (result instanceof Download)
        return reply
          .type(result.file.contentType)
          .header('Content-Disposition', attachment(result.file.fileName))
          .header('Cache-Control', 'no-store')
          .send(
            typeof result.file.bytes === 'string'
              ? result.file.bytes
              : Buffer.from(
                  result.file.bytes.buffer,
                  result.file.bytes.byteOffset,
                  result.file.bytes.byteLength,
                ),
          );
      return reply.send(result);
    },
  });
}
