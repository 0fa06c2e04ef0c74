import { ErrorCode } from '@qbank/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './app-error';

export type Access = 'public' | 'user' | 'optional' | 'webhook';

export interface RouteContext<B, Q, P> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: B;
  query: Q;
  params: P;
}

/**
 * An answer already checked against the route's response schema and serialized (a cache of it): sent as it
 * is, without parsing and serializing it again.
 */
export class PreSerialized {
  constructor(readonly json: string) {}
}

export interface RouteDef<
  B extends z.ZodType,
  Q extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  tags?: string[];
  /**
   * public: anyone, guarded by an Origin check on writes; user: signed in with CSRF token on writes; optional:
   * either; webhook: a server-to-server call that proves itself (a signature), no session read.
   */
  access: Access;
  body?: B;
  query?: Q;
  params?: P;
  response?: R;
  /** Status for a successful answer (200 by default). */
  status?: number;
  handler(
    ctx: RouteContext<z.output<B>, z.output<Q>, z.output<P>>,
  ): Promise<z.input<R> | PreSerialized | undefined>;
}

interface Registered {
  method: string;
  url: string;
  summary: string;
  tags?: string[];
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  status?: number;
}
const registry: Registered[] = [];

/** Validates input with a contract schema; the first problem becomes a 400 naming the field. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'body' | 'query' | 'params',
): z.output<S> {
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.path.length === 0) {
    throw new AppError(
      ErrorCode.VALIDATION,
      where === 'body' ? 'The request body must be a JSON object' : issue.message,
    );
  }
  const field = issue.path.map(String).join('.');
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') message = `Unknown field: ${issue.keys.join(', ')}`;
  // zod's own wording (a schema without a message of ours) is made to name the field.
  else if (issue.code === 'invalid_type' && /received undefined$/.test(message))
    message = `${field} is required`;
  else if (/^(Invalid|Too (big|small))\b/.test(message)) message = `${field}: ${message}`;
  throw new AppError(ErrorCode.VALIDATION, message, field);
}

/** Registers a route: validated input, validated and trimmed output, recorded for the OpenAPI document. */
export function defineRoute<
  B extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodUnknown,
>(app: FastifyInstance, def: RouteDef<B, Q, P, R>): void {
  if (!registry.some((r) => r.method === def.method && r.url === def.url)) registry.push(def);
  app.route({
    method: def.method,
    url: def.url,
    config: { access: def.access },
    handler: async (req, reply) => {
      const body = def.body ? parseInput(def.body, req.body, 'body') : undefined;
      const query = def.query ? parseInput(def.query, req.query, 'query') : undefined;
      const params = def.params ? parseInput(def.params, req.params, 'params') : undefined;
      const result = await def.handler({ req, reply, body, query, params } as RouteContext<
        z.output<B>,
        z.output<Q>,
        z.output<P>
      >);
      if (reply.sent) return reply;
      reply.code(def.status ?? 200);
      if (result === undefined) return reply.send();
      if (result instanceof PreSerialized)
        return reply.type('application/json; charset=utf-8').send(result.json);
      return def.response ? def.response.parse(result) : result;
    },
  });
}

const toSchema = (s: z.ZodType) => {
  try {
    return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
  } catch {
    return {};
  }
};

/** The OpenAPI 3.1 document built from every registered route's schemas. */
export function openApiDocument(info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of registry) {
    const p = r.url.replace(/:(\w+)/g, '{$1}');
    const op: Record<string, unknown> = {
      summary: r.summary,
      tags: r.tags,
      security: r.access === 'user' ? [{ session: [], csrf: [] }] : [],
      responses: {
        [String(r.status ?? 200)]: {
          description: 'OK',
          ...(r.response ? { content: { 'application/json': { schema: toSchema(r.response) } } } : {}),
        },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
    const parameters: unknown[] = [];
    for (const [where, s] of [
      ['query', r.query],
      ['path', r.params],
    ] as const) {
      if (!s) continue;
      const js = toSchema(s) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(js.properties ?? {}))
        parameters.push({
          in: where,
          name,
          required: where === 'path' || (js.required ?? []).includes(name),
          schema,
        });
    }
    if (parameters.length) op.parameters = parameters;
    if (r.body) {
      const ct = r.url === '/login' ? 'application/x-www-form-urlencoded' : 'application/json';
      op.requestBody = { required: true, content: { [ct]: { schema: toSchema(r.body) } } };
    }
    paths[p] = { ...(paths[p] ?? {}), [r.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
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
  };
}
