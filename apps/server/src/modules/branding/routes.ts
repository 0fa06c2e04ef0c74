import { brandingApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { readUpload } from '../../lib/upload';
import { route } from '../../plugins/route';
import { brandingService } from './service';

const managing = { policy: ['product.view', 'branding.manage'] } as const;

/** A product's colours and logos (docs/branding.md); the logos' list is the store's (GET products/{id}/logo). */
export function brandingRoutes(app: FastifyInstance, deps: Deps) {
  const svc = brandingService(deps);
  route(app, brandingApi.read, ({ actor, params }) => svc.read(actor, params.id), managing);
  route(
    app,
    brandingApi.setColors,
    ({ actor, params, body }) => svc.setColors(actor, params.id, body),
    managing,
  );
  route(
    app,
    brandingApi.uploadLogo,
    ({ actor, params, query, req }) =>
      svc.uploadLogo(
        actor,
        params.id,
        query.logoType,
        async () => (await readUpload(req, brandingApi.uploadLogo.upload)).bytes,
      ),
    managing,
  );
  route(
    app,
    brandingApi.removeLogo,
    ({ actor, params, query }) => svc.removeLogo(actor, params.id, query.logoType),
    managing,
  );
  route(
    app,
    brandingApi.logoFile,
    async ({ actor, params, req, reply }) => {
      const f = await svc.logoFile(actor, params.id, params.hash);
      const etag = `"${params.hash}"`;
      reply
        .header('X-Content-Type-Options', 'nosniff')
        // A logo's URL names its bytes: a new logo is a new URL, so the bytes are kept for good, by any cache.
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', etag)
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .type(f.contentType);
      if (req.headers['if-none-match'] === etag) reply.code(304).send();
      else
        reply
          .code(200)
          .header('Content-Length', String(f.size))
          .send(await f.open());
      await reply;
    },
    { policy: 'product.view' },
  );
}
