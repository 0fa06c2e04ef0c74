import { Brand } from '@qbank/contract';
import type { MailMessage } from './mail';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain-text and HTML mail from paragraphs and an optional call-to-action link. */
export function composeMail(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    '',
    `— ${Brand.name}`,
  ].join('\n\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1b1e;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="background:#1c5d99;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">Or open this link: ${escapeHtml(action.url)}</p>` : ''}
<p style="font-size:12px;color:#555">— ${escapeHtml(Brand.name)}</p></body></html>`;
  return { to, subject, text, html };
}
