/** Text helpers shared by the readers and writers: decoding bytes, escaping, telling HTML from plain text. */

/**
 * Files from educators come from Excel and Notepad as often as from Moodle: UTF-8 with or without a BOM,
 * UTF-16 ("Unicode text") with a BOM, or Windows-1252 from older Excel "CSV" saves. Bytes that are not
 * valid UTF-8 are read as Windows-1252 rather than filled with replacement characters.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Escapes text for HTML content and double-quoted attributes (and for XML, which needs the same four). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => htmlEscapes[c] ?? c);
}

/** Plain text to HTML: escaped, line breaks kept as <br>. */
export function plainTextToHtml(text: string): string {
  return escapeHtml(text.trim()).replace(/\r\n|\r|\n/g, '<br>');
}

const tagOrEntity = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>|&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;

/** True when the text has an HTML tag or entity, so it is HTML already and must not be escaped again. */
export function looksLikeHtml(text: string): boolean {
  return tagOrEntity.test(text);
}

/**
 * Cells and Moodle "auto-format" text may be either: keep HTML as it is, escape plain text. A plain text
 * with a stray "<" ("pH < 7.35") has no tag, so it is escaped and reads the same after sanitising.
 */
export function textOrHtmlToHtml(text: string): string {
  const trimmed = text.trim();
  return looksLikeHtml(trimmed) ? trimmed : plainTextToHtml(trimmed);
}

/** True when the HTML shows nothing: no words once tags and spaces are gone, and no image or video. */
export function isBlankHtml(html: string): boolean {
  if (/<(img|video|audio)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|&#xa0;/gi, '')
      .trim() === ''
  );
}

const xmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five XML entities and numeric references; HTML-only names (&eacute;) are left for the HTML. */
export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return xmlEntities[ref] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** XML 1.0 forbids most control characters even escaped; a pasted one would make the whole file unreadable. */
export function stripXmlInvalid(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}
