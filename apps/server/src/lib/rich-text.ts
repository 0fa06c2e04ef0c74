import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

/**
 * Question rich text (stem, explanation, answer choices) as written in the web app's Tiptap editor and shown
 * to other users. The server stores only what `sanitizeRichText` returns (docs/decisions/0013-rich-text.md).
 *
 * Every kept attribute is rebuilt from a value checked here; sanitize-html's own attribute and scheme lists
 * repeat the same rules as a second line, so a mistake in one of them alone lets nothing through.
 */

const allowedTags = [
  ...'p br strong b em i u s strike sub sup ul ol li h2 h3 h4 blockquote code pre hr mark span'.split(' '),
  ...'table thead tbody tfoot tr th td a img'.split(' '),
];

/** The page has its own h1, so an editor's h1 becomes h2; h5 and h6 keep being headings as h4. */
const headingLevels = new Map([
  ['h1', 'h2'],
  ['h5', 'h4'],
  ['h6', 'h4'],
]);

/** Larger spans are no table a question needs and only stretch the layout. */
const maxTableSpan = 100;
const maxImageSide = 10_000;

const linkRel = 'noopener noreferrer nofollow';

/**
 * Our uploaded media. Each segment starts with a letter, digit, `_`, `~` or `-`, so there is no `.` or `..`
 * segment, and `%` is refused because browsers treat `%2e%2e` as `..` too: the path cannot climb out.
 */
const mediaPath = /^\/api\/v2\/media\/(?:[\w~-][\w.~-]*\/)*[\w~-][\w.~-]*(?:\?[\w.~=&-]*)?$/;

/**
 * The URL as the browser will read it, or null when it holds characters a browser ignores or treats
 * specially (tabs, newlines, controls, spaces): those are how `jav&#x09;ascript:` gets past a scheme check,
 * and a URL an editor made has them percent-encoded anyway.
 */
function plainUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const url = raw.trim();
  if (url === '' || /\s/.test(url)) return null;
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f)) return null;
  }
  return url;
}

function linkHref(raw: string | undefined): string | null {
  const url = plainUrl(raw);
  if (url === null) return null;
  return /^https?:\/\/./i.test(url) || /^mailto:./i.test(url) ? url : null;
}

/** Images come from the product's own media only: an image from elsewhere would tell its host who looks. */
function imageSrc(raw: string | undefined): string | null {
  const url = plainUrl(raw);
  return url !== null && mediaPath.test(url) ? url : null;
}

/** A whole number from 1 to max, written plainly ("02" becomes "2"), or null. */
function smallInteger(raw: string | undefined, max: number): string | null {
  if (raw === undefined) return null;
  const text = raw.trim();
  if (!/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? String(value) : null;
}

function withDefined(entries: Record<string, string | null>): sanitizeHtml.Attributes {
  const attribs: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(entries)) {
    if (value !== null) attribs[name] = value;
  }
  return attribs;
}

/** Rebuilds a tag's attributes from the few this tag may have, each checked; everything else is dropped. */
function rebuildTag(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const name = headingLevels.get(tagName) ?? tagName;
  switch (name) {
    case 'a': {
      const href = linkHref(attribs.href);
      return { tagName: name, attribs: href === null ? {} : { href, rel: linkRel, target: '_blank' } };
    }
    case 'img':
      return {
        tagName: name,
        attribs: withDefined({
          src: imageSrc(attribs.src),
          alt: attribs.alt ?? null,
          width: smallInteger(attribs.width, maxImageSide),
          height: smallInteger(attribs.height, maxImageSide),
        }),
      };
    case 'td':
    case 'th':
      return {
        tagName: name,
        attribs: withDefined({
          colspan: smallInteger(attribs.colspan, maxTableSpan),
          rowspan: smallInteger(attribs.rowspan, maxTableSpan),
        }),
      };
    default:
      return { tagName: name, attribs: {} };
  }
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedClasses: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  // No scheme at all: an image's src is our media path (imageSrc).
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The library's list plus noscript, whose content the author never saw in a browser with scripts on.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript'],
  selfClosing: ['img', 'br', 'hr'],
  // Deeper than any list or table a writer makes; bounds what the editor and the browser must nest.
  nestingLimit: 64,
  transformTags: { '*': rebuildTag },
  // A link without a usable href is plain text; an image without a usable src shows nothing.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return frame.tag === 'img' && !frame.attribs.src;
  },
};

/** Only HTML's own whitespace: a leading or trailing no-break space may be the writer's. */
const edgeWhitespace = /^[ \t\n\f\r]+|[ \t\n\f\r]+$/g;

function sanitizeOnce(html: string): string {
  // PostgreSQL text cannot hold NUL, and a browser shows nothing for it.
  const clean = sanitizeHtml(html.replaceAll('\u0000', ''), sanitizeOptions).replace(edgeWhitespace, '');
  return /\S/.test(clean) ? clean : '';
}

/**
 * Dropping an element can leave markup that parses differently the next time: in `<tr><x><tr>` the inner
 * row stayed inside the outer one, but without the `<x>` it closes it. Sanitising again until nothing changes
 * makes the stored HTML read the same on every later parse (the editor's, a re-save's).
 */
const maxPasses = 5;

/** The HTML reduced to the allow-list, safe to show to other users; '' when nothing but whitespace is left. */
export function sanitizeRichText(html: string): string {
  let clean = sanitizeOnce(html);
  for (let pass = 1; pass < maxPasses; pass++) {
    const again = sanitizeOnce(clean);
    if (again === clean) return clean;
    clean = again;
  }
  return clean;
}

/** A host none of our pages is served from (.invalid never resolves): what a relative src is read against. */
const ownHost = 'qbank.invalid';
const pageUrls = [`http://${ownHost}/page`, `https://${ownHost}/page`];

/** Whether a browser showing the image on one of our pages would fetch it from another host. */
function loadsFromElsewhere(src: string): boolean {
  return pageUrls.some((page) => {
    try {
      const { host } = new URL(src, page);
      return host !== '' && host !== ownHost;
    } catch {
      return false;
    }
  });
}

/**
 * The src of every image in the HTML that a browser would load from another host (`https://…`, `//host/…`,
 * `https:\\host/…`), in document order. Question rich text shows the product's own media only (decision
 * 0013): an outside image would tell its host who reads the question and when. A save or an import holding
 * one is refused with a message naming it (`outsideImageMessage`) rather than quietly losing the picture;
 * the sanitiser drops such images too, and any other image whose src is not our media path.
 */
export function outsideImages(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser({
    onopentag(name, attribs) {
      const src = attribs.src?.trim();
      if (name === 'img' && src && loadsFromElsewhere(src)) found.push(src);
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

const maxUrlInMessage = 80;

/** "`where` shows an image from another site (its URL, cut short): …", the refusal of an outside image. */
export function outsideImageMessage(where: string, src: string, remedy: string): string {
  const url = src.length > maxUrlInMessage ? `${src.slice(0, maxUrlInMessage - 1)}…` : src;
  return `${where} shows an image from another site (${url}); ${remedy}`;
}

/** Inline elements join their text to the next; every other element separates words. */
const inlineTags = new Set([
  ...'a abbr b bdi bdo cite code data del dfn em font i img ins kbd mark'.split(' '),
  ...'q s samp small span strike strong sub sup time u var wbr'.split(' '),
]);

/** Elements whose text is never shown, should unsanitised HTML reach the functions below. */
const hiddenTags = new Set(['script', 'style', 'noscript', 'template', 'title', 'head']);

interface VisibleContent {
  /** Entities decoded; whitespace not yet collapsed. */
  text: string;
  hasImage: boolean;
}

function visibleContent(html: string): VisibleContent {
  const parts: string[] = [];
  let hiddenDepth = 0;
  let hasImage = false;
  const parser = new Parser({
    onopentag(name, attribs) {
      if (hiddenTags.has(name)) hiddenDepth++;
      else if (!inlineTags.has(name)) parts.push(' ');
      if (name === 'img' && attribs.src?.trim()) hasImage = true;
    },
    ontext(text) {
      if (hiddenDepth === 0) parts.push(text);
    },
    onclosetag(name) {
      if (hiddenTags.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
      else if (!inlineTags.has(name)) parts.push(' ');
    },
  });
  parser.write(html);
  parser.end();
  return { text: parts.join(''), hasImage };
}

/** Cuts at a space when one is in the last half of the room, so a long word or a URL is not cut too early. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return '…'.slice(0, max);
  let cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  if (text[max - 1] !== ' ' && space >= (max - 1) / 2) cut = cut.slice(0, space);
  cut = cut.trimEnd();
  // Never leave half of a surrogate pair (an emoji, a rare CJK character) at the end.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * The text a reader sees, on one line, for list previews and search snippets: entities decoded, whitespace
 * collapsed, blocks and line breaks as spaces, image alt text left out. With `max`, at most that many
 * characters, cut at a word and ended with '…'.
 */
export function richTextToPlain(html: string, max?: number): string {
  const text = visibleContent(html).text.replace(/\s+/g, ' ').trim();
  if (max === undefined || !Number.isFinite(max)) return text;
  return cutAtWord(text, Math.max(0, Math.floor(max)));
}

/** Invisible characters an editor leaves behind: whitespace (no-break space too) and zero-width marks. */
const invisible = /\s|\u200b|\u200c|\u200d|\u2060/g;

/** True when the rich text shows nothing: no visible text and no image (`<p></p>`, `<p><br></p>`, ''). */
export function isBlankRichText(html: string): boolean {
  const { text, hasImage } = visibleContent(html);
  return !hasImage && text.replace(invisible, '') === '';
}
