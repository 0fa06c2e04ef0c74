import { inlineMediaNames, isVideo } from './media';
import { escapeHtml } from './text';
import type { PortableMedia, PortableQuestion } from './types';

/**
 * The media a written stem or explanation carries: those placed there, and any the HTML shows inline from
 * the other place. Media placed there but not shown inline are appended as <img> or <video>, so a target
 * without the product's "shown with" notion still shows them.
 */
export function mediaOfPart(
  question: PortableQuestion,
  place: PortableMedia['place'],
  toUrl: (media: PortableMedia) => string,
): { html: string; media: PortableMedia[] } {
  const source = place === 'STEM' ? question.stem : question.explanation;
  const inline = inlineMediaNames(source);
  const media = question.media.filter((m) => m.place === place || inline.has(m.name));
  const byName = new Map(media.map((m) => [m.name, m]));
  let html = source.replace(
    /(\bsrc\s*=\s*)(["'])media:([^"']*)\2/gi,
    (whole, attr: string, quote: string, name: string) => {
      const item = byName.get(name);
      return item ? `${attr}${quote}${escapeHtml(toUrl(item))}${quote}` : whole;
    },
  );
  for (const m of media) {
    if (inline.has(m.name)) continue;
    const url = escapeHtml(toUrl(m));
    html += isVideo(m.contentType)
      ? `<p><video controls src="${url}"></video></p>`
      : `<p><img src="${url}" alt=""></p>`;
  }
  return { html, media };
}
