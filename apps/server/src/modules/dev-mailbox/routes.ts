import { Brand, siteApi } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../plugins/route';
import { devMailboxService } from './service';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (s: string) => escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);

/**
 * The dev-only mailbox of the embedded mail transport: every message, newest first, links clickable. The page
 * handler returns the reply it sends: an async handler that only calls send() lets Fastify send again when its
 * promise settles, which cuts a compressed page (brotli still streaming) to an empty body.
 */
export function devMailboxRoutes(app: FastifyInstance, deps: Deps) {
  const svc = devMailboxService(deps);

  route(app, siteApi.mailbox, async () => ({
    content: (await svc.messages()).map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  }));
  app.get('/dev/mailbox', async (_req, reply) => {
    const messages = await svc.messages();
    const items = messages
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox (development) | ${Brand.name}</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:0 auto;padding:16px;color:#1a1b1e}
article{border:1px solid #ccc;border-radius:8px;padding:12px 16px;margin:12px 0}h2{font-size:1.1rem;margin:0 0 4px}
.meta{color:#444;margin:0 0 8px}pre{white-space:pre-wrap;word-break:break-word;font-family:inherit;margin:0}a{color:#0b4f8a}</style>
</head><body><main><h1>Mailbox (development)</h1>
<p>Every e-mail the server sends is kept here because no SMTP_URL is set. Newest first. <a href="/dev/mailbox">Refresh</a></p>
${items || '<p>No mail yet. Register or reset a password and the mail shows here.</p>'}
</main></body></html>`);
  });
}
