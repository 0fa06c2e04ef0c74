import { testBankApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { testBankService } from './service';

/** The Test Bank and the Test Builder: the product's instructors and admins, and superusers. */
export function testBankRoutes(app: FastifyInstance, deps: Deps) {
  const svc = testBankService(deps);
  const building = { policy: 'templates.manage' } as const;
  route(
    app,
    testBankApi.templates,
    ({ actor, params, query }) => svc.list(actor, params.id, query),
    building,
  );
  route(
    app,
    testBankApi.createTemplate,
    ({ actor, params, body }) => svc.create(actor, params.id, body),
    building,
  );
  route(app, testBankApi.template, ({ actor, params }) => svc.read(actor, params.id), building);
  route(
    app,
    testBankApi.updateTemplate,
    ({ actor, params, body }) => svc.update(actor, params.id, body),
    building,
  );
  route(
    app,
    testBankApi.archiveTemplate,
    ({ actor, params, body }) => svc.archive(actor, params.id, body.archived),
    building,
  );
  route(app, testBankApi.duplicateTemplate, ({ actor, params }) => svc.duplicate(actor, params.id), building);
  route(app, testBankApi.previewTemplate, ({ actor, params }) => svc.preview(actor, params.id), building);
  route(
    app,
    testBankApi.builderQuestions,
    ({ actor, params, query }) => svc.builderQuestions(actor, params.id, query),
    building,
  );
}
