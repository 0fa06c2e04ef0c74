import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

/** What the output may contain, written out again here so the test does not trust the module's own lists. */
const allowedAttributes: Record<string, string[]> = {
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};
const allowedTags = new Set([
  ...'p br strong b em i u s strike sub sup ul ol li h2 h3 h4 blockquote code pre hr mark span'.split(' '),
  ...'table thead tbody tfoot tr th td a img'.split(' '),
]);

/** The URL with what a browser skips removed (whitespace, controls), lower-cased: what its scheme is read from. */
function browserUrl(value: string): string {
  let kept = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (code > 0x20 && !(code >= 0x7f && code <= 0x9f) && !/\s/.test(ch)) kept += ch;
  }
  return kept.toLowerCase();
}

/** Everything wrong with sanitised output, parsed again as HTML; [] when it is safe. */
function problems(html: string): string[] {
  const found: string[] = [];
  if (/<\s*\/?\s*script/i.test(html)) found.push('raw <script');
  const parser = new Parser({
    onopentag(tag, attribs) {
      if (tag === 'script') found.push('script element');
      if (!allowedTags.has(tag)) found.push(`tag ${tag}`);
      for (const [name, value] of Object.entries(attribs)) {
        const lower = name.toLowerCase();
        if (lower.startsWith('on')) found.push(`event handler ${name}`);
        if (lower === 'style') found.push('style attribute');
        if (!allowedAttributes[tag]?.includes(lower)) found.push(`attribute ${tag}[${name}]`);
        if ((lower === 'href' || lower === 'src') && /^(?:javascript|data|vbscript):/.test(browserUrl(value)))
          found.push(`${name}=${value}`);
        // Images come from our media only: nothing a browser would fetch from another host.
        if (tag === 'img' && lower === 'src' && !value.startsWith('/api/v2/media/'))
          found.push(`image from elsewhere ${value}`);
      }
    },
    oncomment() {
      found.push('comment');
    },
    oncdatastart() {
      found.push('cdata');
    },
    onprocessinginstruction(name) {
      found.push(`processing instruction ${name}`);
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

function expectSafeAndStable(input: string): void {
  const once = sanitizeRichText(input);
  expect(problems(once), `${JSON.stringify(input)} -> ${JSON.stringify(once)}`).toEqual([]);
  expect(sanitizeRichText(once), JSON.stringify(input)).toBe(once);
}

/** Pieces of hostile markup; a string of them is rarely well formed, which is the point. */
const fragment = fc.oneof(
  fc.constantFrom(
    '<script>',
    '</script>',
    '<script src=//evil.example/x.js>',
    '<scr',
    'ipt>',
    '<img',
    '<a',
    '<p',
    '</p>',
    '<svg',
    '<math><mi',
    '<iframe',
    '</iframe>',
    '<style>',
    '</style>',
    '<table><tr><td',
    '<form><button',
    '<object',
    '<embed',
    '<input',
    '<noscript>',
    '</noscript>',
    '<textarea>',
    '<xmp>',
    '<template>',
    '<base',
    '<meta http-equiv=refresh content="0;url=',
    '<!--',
    '-->',
    '<![CDATA[',
    ']]>',
    '<?xml ',
    '<!doctype html>',
    '<',
    '</',
    '>',
    '/>',
  ),
  fc.constantFrom(
    ' onerror=',
    ' onload=',
    ' onclick = ',
    ' OnMouseOver=',
    '/onfocus=',
    ' href=',
    ' src=',
    ' style=',
    ' xlink:href=',
    ' formaction=',
    ' action=',
    ' srcset=',
    ' data=',
    ' background=',
    ' colspan=',
    ' width=',
    ' alt=',
    ' class=',
  ),
  fc.constantFrom(
    'javascript:alert(1)',
    'jav&#x09;ascript:',
    'jav&#9;ascript:',
    'jav&Tab;ascript:',
    'java\nscript:',
    'java\u0000script:',
    '&#106;avascript:',
    '&#x6A;avascript:',
    '&#0000106;avascript:',
    'javascript&colon;',
    'javascript&#58;',
    '\u0001javascript:',
    '&#x20;javascript:',
    'data:text/html,<script>alert(1)</script>',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'vbscript:msgbox(1)',
    'https://ok.example/',
    '/api/v2/media/a.png',
    'mailto:a@b.example',
    '//evil.example',
    'url(javascript:alert(1))',
    'expression(alert(1))',
  ),
  fc.constantFrom(
    '&lt;',
    '&gt;',
    '&amp;',
    '&quot;',
    '&#60;',
    '&#x3C;',
    '&#0;',
    '&nbsp;',
    '&',
    '&#',
    '"',
    "'",
    '`',
  ),
  fc.constantFrom(' ', '\t', '\n', '=', 'alert(1)', 'x', '\u00a0', '\u2028'),
  fc.string({ maxLength: 6 }),
);
const tagStart = fc.constantFrom(
  '<a',
  '<img',
  '<p',
  '<td',
  '<svg',
  '<iframe',
  '<math><mi',
  '<form><button',
  '<span',
);
const attributeName = fc.constantFrom(
  ' href=',
  ' src=',
  ' onclick=',
  ' style=',
  ' xlink:href=',
  ' formaction=',
);
/** A whole tag now and then, so that attacks are not only ever half made. */
const piece = fc.oneof(
  { arbitrary: fragment, weight: 4 },
  {
    arbitrary: fc
      .tuple(tagStart, attributeName, fc.constantFrom('"', "'", ''), fragment, fc.constantFrom('>', '/>', ''))
      .map(([start, name, quote, value, end]) => `${start}${name}${quote}${value}${quote}${end}`),
    weight: 1,
  },
);

type Casing = 'lower' | 'upper' | 'alternate';

function recase(text: string, casing: Casing): string {
  if (casing === 'lower') return text;
  if (casing === 'upper') return text.toUpperCase();
  return [...text].map((ch, i) => (i % 2 ? ch.toUpperCase() : ch)).join('');
}

const hostileHtml = fc
  .array(fc.tuple(piece, fc.constantFrom<Casing>('lower', 'upper', 'alternate')), { maxLength: 40 })
  .map((pieces) => pieces.map(([text, casing]) => recase(text, casing)).join(''));

/** Well-formed elements nested in each other, allowed or not, with hostile attributes: the editor's shape under attack. */
const tagName = fc.constantFrom(
  ...allowedTags,
  ...'h1 h5 div section font script style iframe svg math mi form button input object embed noscript'.split(
    ' ',
  ),
);
const attributeValue = fc.oneof(
  piece,
  fc.constantFrom('1', '02', '100', '1000', '-1', '/api/v2/media/x.png'),
);
const attribute = fc
  .tuple(
    fc.constantFrom(
      'href',
      'src',
      'onclick',
      'ONLOAD',
      'style',
      'class',
      'colspan',
      'rowspan',
      'width',
      'alt',
      'rel',
    ),
    attributeValue,
    fc.constantFrom('"', "'", ''),
  )
  .map(([name, value, quote]) => ` ${name}=${quote}${value}${quote}`);
const { element } = fc.letrec<{ element: string; content: string }>((tie) => ({
  element: fc
    .tuple(tagName, fc.array(attribute, { maxLength: 3 }), tie('content'))
    .map(([tag, attributes, content]) => `<${tag}${attributes.join('')}>${content}</${tag}>`),
  content: fc
    .array(fc.oneof({ depthSize: 'small', withCrossShrink: true }, piece, tie('element')), { maxLength: 4 })
    .map((children) => children.join('')),
}));

describe('sanitizeRichText properties', () => {
  it('output of hostile markup has no script, event handler, style or dangerous URL, and is stable', () => {
    fc.assert(fc.property(hostileHtml, expectSafeAndStable), { numRuns: 3000 });
  }, 60_000);

  it('output of nested elements with hostile attributes is safe and stable', () => {
    fc.assert(fc.property(element, expectSafeAndStable), { numRuns: 2000 });
  }, 60_000);

  it('output of arbitrary strings is safe and stable', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), expectSafeAndStable), {
      numRuns: 2000,
    });
    fc.assert(fc.property(fc.string({ unit: 'binary-ascii', maxLength: 200 }), expectSafeAndStable), {
      numRuns: 2000,
    });
  }, 60_000);

  it('the checker itself catches what it looks for', () => {
    expect(problems('<p onclick="x">a</p>')).toContain('event handler onclick');
    expect(problems('<a href="&#x20;Java&#x09;Script:x">a</a>')).toContain('href= Java\tScript:x');
    expect(problems('<img src="DATA:image/png,x">')).toContain('src=DATA:image/png,x');
    expect(problems('<span style="x">a</span>')).toContain('style attribute');
    expect(problems('<img src="https://t.example/p.gif">')).toContain(
      'image from elsewhere https://t.example/p.gif',
    );
    expect(problems('<script>x</script>')).toContain('script element');
    expect(problems('<p>ok</p><a href="https://x.example" rel="noopener" target="_blank">x</a>')).toEqual([]);
  });
});
