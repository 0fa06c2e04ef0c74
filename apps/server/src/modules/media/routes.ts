import { mediaApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { readUpload } from '../../lib/upload';
import { route } from '../../plugins/route';
import { mediaService } from './service';

/** Question media: files by hash (with byte ranges for video) and removing an item from a question. */
export function mediaRoutes(app: FastifyInstance, deps: Deps) {
  const svc = mediaService(deps);
  route(app, mediaApi.file, async ({ params, req, reply }) => {
    const f = await svc.file(params.hash, req.headers.range);
    reply
      .header('Accept-Ranges', 'bytes')
      .header('X-Content-Type-Options', 'nosniff')
      // The bytes of a hash never change: keep them for good, in this browser only.
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('ETag', `"${params.hash}"`)
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .type(f.contentType);
    if (f.range === 'unsatisfiable') {
      reply.code(416).header('Content-Range', `bytes */${f.size}`).send();
    } else if (f.range) {
      reply
        .code(206)
        .header('Content-Range', `bytes ${f.range.start}-${f.range.end}/${f.size}`)
        .header('Content-Length', String(f.range.end - f.range.start + 1))
        .send(f.stream);
    } else {
      reply.code(200).header('Content-Length', String(f.size)).send(f.stream);
    }
    await reply;
  });
  route(
    app,
    mediaApi.store,
    ({ actor, params, req }) =>
      svc.store(actor, params.id, async () => (await readUpload(req, mediaApi.store.upload)).bytes),
    { policy: 'media.store' },
  );
  // `async=true` (SPEC §7) asks not to wait for processing: there is none beyond storing, so both answer the item.
  route(
    app,
    mediaApi.upload,
    ({ actor, params, query, req }) =>
      svc.attach(
        actor,
        params.questionId,
        query.mediaType,
        async () => (await readUpload(req, mediaApi.upload.upload)).bytes,
      ),
    { policy: ['question.read', 'question.save'] },
  );
  route(app, mediaApi.remove, ({ actor, params }) => svc.detach(actor, params.questionId, params.mediaId), {
    policy: ['question.read', 'question.save'],
  });
}
