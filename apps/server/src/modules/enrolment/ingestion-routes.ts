import { ingestionApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { PURGE_EVERY_MS } from '../../infra/jobs';
import { readUpload } from '../../lib/upload';
import { route } from '../../plugins/route';
import type { ServerModule } from '../manifest';
import { ingestionService } from './ingestion';
import { ingestionCommitJob } from './ingestion-jobs';
import { dropStalePreviews } from './ingestion-repository';

/** Bulk enrolment's calls (docs/enrolment-files.md): the product's instructors and admins, superusers. */
export function ingestionRoutes(app: FastifyInstance, deps: Deps) {
  const svc = ingestionService(deps);
  const managing = { policy: 'enrolment.manage' } as const;
  route(app, ingestionApi.ingest, ({ actor, body }) => svc.ingest(actor, body), managing);
  // The file is read only once the service has checked the caller may enrol in the product.
  route(
    app,
    ingestionApi.upload,
    ({ actor, params, req }) =>
      svc.upload(actor, params.id, () => readUpload(req, ingestionApi.upload.upload)),
    managing,
  );
  route(app, ingestionApi.get, ({ actor, params }) => svc.get(actor, params.id), managing);
  route(app, ingestionApi.commit, ({ actor, params, body }) => svc.commit(actor, params.id, body), managing);
}

/** A class list previewed and never committed is dropped after this long (its rows hold people's addresses). */
const STALE_PREVIEW_MS = 7 * 24 * 60 * 60 * 1000;

/** The enrolment module with bulk enrolment's routes, its commit job and the clean-up of stale previews. */
export function withIngestion(module: ServerModule): ServerModule {
  return {
    ...module,
    async routes(app, deps) {
      await module.routes?.(app, deps);
      ingestionRoutes(app, deps);
    },
    jobs: [...(module.jobs ?? []), ingestionCommitJob],
    every: [
      ...(module.every ?? []),
      {
        name: 'enrolment: drop class lists previewed and never committed',
        everyMs: PURGE_EVERY_MS,
        run: (deps, now) => dropStalePreviews(deps.db, new Date(now.getTime() - STALE_PREVIEW_MS)),
      },
    ],
  };
}
