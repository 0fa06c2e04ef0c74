import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** How log lines look: one JSON object a line (for collectors), or readable lines for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

/**
 * Requests are not logged at the default level: a person running `npm start` wants the banner and real
 * problems, not a line per asset. At `debug` each request is one line with its route (never its query string,
 * which can hold a one-time token), status and time; a request that failed is an error at every level.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(req)) return;
    const fields = {
      method: req.method,
      route: req.routeOptions.url ?? req.url.split('?')[0],
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...fields, err: error }, ' failed');
    else reply.log.debug(fields);
  }
}

/** Fastify's logger options for a level and a format (pino-pretty runs in a worker thread, off the hot path). */
export function loggerOptions(level: string, format: LogFormat): FastifyServerOptions['logger'] {
  if (format === 'json') return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: {
        translateTime: 'SYS:HH:MM:ss',
        // A request is one short line: "12:00:01 DEBUG: GET /api/v2/users/me 200 4 ms".
        messageFormat: '{if route}{method} {route} {statusCode} {ms} ms{end}{if msg}{msg}{end}',
        ignore: 'pid,hostname,reqId,method,route,statusCode,ms',
        singleLine: true,
      },
    },
  };
}

/** `auto` is readable lines at a terminal outside production, JSON otherwise (piped, collected, production). */
export function resolveLogFormat(
  setting: LogFormat | 'auto',
  env: { isTTY: boolean; production: boolean },
): LogFormat {
  if (setting !== 'auto') return setting;
  return env.isTTY && !env.production ? 'pretty' : 'json';
}
