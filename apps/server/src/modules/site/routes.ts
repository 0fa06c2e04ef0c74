import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../../lib/route';

const policiesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/policies');
const policies: Record<string, string> = {
  '/terms': 'terms.pdf',
  '/privacy': 'privacy.pdf',
  '/cookies': 'cookies.pdf',
};

/** The policy PDFs, the OpenAPI document and a health check. */
export function siteRoutes(app: FastifyInstance) {
  for (const [url, file] of Object.entries(policies)) {
    app.get(url, async (_req, reply) => {
      const buf = await fs.promises.readFile(path.join(policiesDir, file));
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${file}"`)
        .header('Cache-Control', 'public, max-age=3600')
        .send(buf);
    });
  }
  app.get('/api/docs', async () => openApiDocument({ title: 'QBank Cloud API', version: '1' }));
  app.get('/api/health', async () => ({ ok: true }));
}
