import type { z } from 'zod';

/**
 * Who may call an endpoint, checked before its input is validated:
 * - public: anyone; a write from another site's page is refused (Origin check);
 * - user: signed in, with the access token as X-CSRF-Token on writes;
 * - optional: either (a signed-in caller may see more, e.g. unpublished products of their own);
 * - webhook: a server-to-server call that proves itself (a signature); no session is read.
 * What a signed-in caller may do to a given thing is the policies' business, not this.
 */
export type Access = 'public' | 'user' | 'optional' | 'webhook';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a body travels: JSON (the default), an HTML form (POST /login), raw bytes (signed webhooks), or a file
 * upload (multipart/form-data: the route reads the file itself, so such an endpoint declares no `body`, but
 * its `upload`).
 */
export type BodyType = 'json' | 'form' | 'raw' | 'multipart';

/**
 * The one file a multipart endpoint takes: the form field it comes in and the most bytes read. The server's
 * upload reader, the OpenAPI document and the web client all take them from here.
 */
export interface UploadField {
  field: string;
  maxBytes: number;
}

/**
 * One endpoint, declared once: the server registers its route from it and the web client calls it through it.
 * `path` is in the router's form (`/api/v2/users/:id`); `status` is the success status (200 by default).
 */
export interface Endpoint {
  method: Method;
  path: string;
  summary: string;
  tags: readonly string[];
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyType?: BodyType;
  /** With bodyType 'multipart' (and only then): the file it takes. */
  upload?: UploadField;
  response?: z.ZodType;
  status?: number;
}

/** A multipart endpoint names its file; no other endpoint does. */
type UploadRule<E extends Endpoint> = E['bodyType'] extends 'multipart'
  ? { upload: UploadField }
  : { upload?: never };

/** Declares an endpoint, keeping its exact schema types for both sides. */
export const endpoint = <const E extends Endpoint>(def: E & UploadRule<E>): E => def;

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the server's handler receives, validated. */
export type ParamsOf<E extends Endpoint> = OutputOf<E['params']>;
export type QueryOf<E extends Endpoint> = OutputOf<E['query']>;
export type BodyOf<E extends Endpoint> = OutputOf<E['body']>;
/** What the endpoint answers (what the handler returns and the client receives). */
// biome-ignore lint/suspicious/noConfusingVoidType: an endpoint without a response answers nothing
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : void;

/** The empty object type: `Empty extends T` holds when every key of T is optional. */
type Empty = Record<never, never>;

type Part<K extends string, S> = S extends z.ZodType
  ? Empty extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a client sends: params, query and body, each only when the endpoint has it. */
export type CallInput<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  (E['bodyType'] extends 'form'
    ? { body: URLSearchParams }
    : E['bodyType'] extends 'multipart'
      ? { body: FormData }
      : Part<'body', E['body']>);

/** True when a call needs no input at all. */
export type NoInput<E extends Endpoint> = Empty extends CallInput<E> ? true : false;

/** The path with its `:name` segments filled in (URL-encoded), e.g. `/api/v2/users/:id` → `/api/v2/users/42`. */
export function endpointPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(v));
  });
}

/** A query string from the defined values (`?a=1&b=2`), or '' when there are none. */
export function queryString(query?: Record<string, unknown>): string {
  if (!query) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
