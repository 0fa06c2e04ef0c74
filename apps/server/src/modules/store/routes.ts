import { storeApi } from '@qbank/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { type EncodedAnswer, etagMatches } from './encoded-answer';
import { storeService } from './service';

/**
 * Sends a kept answer as its kept bytes: 304 when the client already holds it (If-None-Match), else in the
 * best encoding the client accepts (encoded-answer.ts), compressed once for every caller. A Content-Encoding
 * already set tells the compress plugin (app.ts) to leave the bytes alone. It waits until the answer is sent,
 * so plugins/route.ts sees it as sent.
 */
async function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer) {
  reply.header('ETag', answer.etag).header('Vary', 'Accept-Encoding').header('Cache-Control', 'no-cache');
  if (etagMatches(req.headers['if-none-match'], answer.etag)) {
    reply.code(304).send();
  } else {
    const encoding = answer.encodingFor(req.headers['accept-encoding']);
    const bytes = await answer.bytes(encoding);
    if (bytes !== answer.json) reply.header('Content-Encoding', encoding);
    reply.code(200).type('application/json; charset=utf-8').send(bytes);
  }
  await reply;
}

export function storeRoutes(app: FastifyInstance, deps: Deps) {
  const svc = storeService(deps);
  route(app, storeApi.search, async ({ query, body, req, reply }) =>
    sendAnswer(req, reply, await svc.search(body.searchTerm, query)),
  );
  route(app, storeApi.priceOnSale, ({ params }) => svc.priceOnSale(params.priceId));
  route(app, storeApi.content, ({ actor, params }) => svc.content(actor, params.id), {
    policy: 'product.view',
  });
  route(app, storeApi.logos, ({ actor, params, query }) => svc.logos(actor, params.id, query.logoType), {
    policy: 'product.view',
  });
  route(app, storeApi.products, ({ actor }) => svc.list(actor), { policy: 'products.listUnpublished' });
}
