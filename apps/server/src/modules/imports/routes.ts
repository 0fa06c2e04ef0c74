import { importsApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { readUpload } from '../../lib/upload';
import { download, route } from '../../plugins/route';
import { exportService } from './export-service';
import { refuseUnpackingPastLimit } from './read';
import { importsService } from './service';

/** Bulk import and export of a product's questions (docs/question-import.md). */
export function importsRoutes(app: FastifyInstance, deps: Deps) {
  const svc = importsService(deps);
  const exporter = exportService(deps);
  // The file is read only once the service has checked the caller may import into the product; a workbook
  // that really unpacks past what the reader takes is refused then (413 naming file), before it is kept.
  route(
    app,
    importsApi.upload,
    ({ actor, params, req }) =>
      svc.upload(actor, params.id, async () =>
        refuseUnpackingPastLimit(await readUpload(req, importsApi.upload.upload)),
      ),
    { policy: 'questions.import' },
  );
  route(app, importsApi.get, ({ actor, params }) => svc.get(actor, params.id), {
    policy: 'questionImport.read',
  });
  route(
    app,
    importsApi.issues,
    async ({ actor, params }) => download(await svc.issuesCsv(actor, params.id)),
    { policy: 'questionImport.read' },
  );
  route(app, importsApi.commit, ({ actor, params, body }) => svc.commit(actor, params.id, body), {
    policy: ['questionImport.read', 'question.create'],
  });
  route(
    app,
    importsApi.csvTemplate,
    async ({ actor, params }) => download(await svc.template(actor, params.id, 'csv')),
    { policy: ['questions.import', 'catalogue.manage'] },
  );
  route(
    app,
    importsApi.xlsxTemplate,
    async ({ actor, params }) => download(await svc.template(actor, params.id, 'xlsx')),
    { policy: ['questions.import', 'catalogue.manage'] },
  );
  route(
    app,
    importsApi.exportBank,
    async ({ actor, params, query }) => download(await exporter.exportBank(actor, params.id, query)),
    { policy: 'questions.list' },
  );
}
