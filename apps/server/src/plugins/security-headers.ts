import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every answer (helmet): a Content-Security-Policy the SPA passes (its scripts
 * are files of its own, never inline; Mantine writes inline styles, so styles may be inline), no framing by
 * any site, no MIME sniffing, the referrer cut to the origin across sites, and HSTS only behind https.
 * API answers are not stored by any cache: they hold sessions, access tokens, one-time tokens, personal data.
 *
 * Helmet's middleware is built once here and run on every request (the Fastify wrapper built it again on
 * every request, parsing the policy each time).
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the question editor shows a picked image or video from memory until the save uploads it.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Product media may come from other sites; nothing here needs cross-origin isolation.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    setHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  app.addHook('onSend', async (req, reply, payload) => {
    // Routes of the API (they carry an access rule); static files and the SPA keep their own caching.
    if (req.routeOptions.config?.endpoint && !reply.hasHeader('Cache-Control'))
      reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
