import { describe, expect, it } from 'vitest';
import {
  isBlankRichText,
  outsideImageMessage,
  outsideImages,
  richTextToPlain,
  sanitizeRichText,
} from './rich-text';

const linkAttributes = 'rel="noopener noreferrer nofollow" target="_blank"';

describe('sanitizeRichText keeps what the editor makes', () => {
  it('keeps the inline and block formatting of the allow-list', () => {
    const html =
      '<h2>Heading</h2><h3>Sub</h3><h4>Minor</h4>' +
      '<p><strong>b</strong><b>b</b><em>i</em><i>i</i><u>u</u><s>s</s><strike>s</strike>' +
      'H<sub>2</sub>O x<sup>2</sup><mark>hi</mark><span>plain</span><code>c</code><br /></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote>' +
      '<pre><code>let a = 1;</code></pre><hr />';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps a table with colspan and rowspan as plain integers', () => {
    const html =
      '<table><thead><tr><th colspan="2">Head</th></tr></thead>' +
      '<tbody><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></tbody>' +
      '<tfoot><tr><td colspan="2">foot</td></tr></tfoot></table>';
    expect(sanitizeRichText(html)).toBe(html);
    expect(sanitizeRichText('<table><tr><td colspan="02" rowspan=" 3 ">x</td></tr></table>')).toBe(
      '<table><tr><td colspan="2" rowspan="3">x</td></tr></table>',
    );
  });

  it('drops spans that are not small positive integers', () => {
    for (const span of ['0', '-1', '1.5', '2x', '101', '99999999', 'expression(alert(1))', ''])
      expect(sanitizeRichText(`<table><tr><td colspan="${span}">x</td></tr></table>`), span).toBe(
        '<table><tr><td>x</td></tr></table>',
      );
  });

  it('gives every link rel and target, replacing the writer’s own', () => {
    expect(sanitizeRichText('<a href="https://example.org/a?b=1&amp;c=2">x</a>')).toBe(
      `<a href="https://example.org/a?b=1&amp;c=2" ${linkAttributes}>x</a>`,
    );
    expect(sanitizeRichText('<a href="mailto:ada@example.org" rel="opener" target="_self">m</a>')).toBe(
      `<a href="mailto:ada@example.org" ${linkAttributes}>m</a>`,
    );
    expect(sanitizeRichText('<a href="  HTTP://Example.org  ">x</a>')).toBe(
      `<a href="HTTP://Example.org" ${linkAttributes}>x</a>`,
    );
  });

  it('turns a link with another scheme, a relative or protocol-relative href, or none into its text', () => {
    for (const href of [
      '/catalogue',
      'page.html',
      '#top',
      '//evil.example',
      'ftp://x.org',
      'tel:123',
      'https://',
    ])
      expect(sanitizeRichText(`<p><a href="${href}">text</a></p>`), href).toBe('<p>text</p>');
    expect(sanitizeRichText('<a name="x">anchor</a>')).toBe('anchor');
  });

  it('keeps an image from our media path with alt and integer sizes', () => {
    expect(
      sanitizeRichText('<img src="/api/v2/media/3f1c-aa.png" alt="A cell" width="320" height="200">'),
    ).toBe('<img src="/api/v2/media/3f1c-aa.png" alt="A cell" width="320" height="200" />');
    expect(sanitizeRichText('<img src="/api/v2/media/3f1c-aa.png" width="50%" height="10px">')).toBe(
      '<img src="/api/v2/media/3f1c-aa.png" />',
    );
    expect(sanitizeRichText('<img src="/api/v2/media/a.png" alt="&quot;><script>">')).toBe(
      '<img src="/api/v2/media/a.png" alt="&quot;&gt;&lt;script&gt;" />',
    );
  });

  it('drops an image whose src is elsewhere on our site or climbs out of the media path', () => {
    for (const src of [
      '/api/v2/account',
      '/api/v2/media/../../account',
      '/api/v2/media/%2e%2e/account',
      '/api/v2/media/a/./b',
      '/api/v2/media/',
      'media/a.png',
      '//evil.example/a.png',
      '',
    ])
      expect(sanitizeRichText(`<p>a<img src="${src}">b</p>`), src).toBe('<p>ab</p>');
  });

  it('drops an image from another site, even one whose path looks like our media', () => {
    for (const src of [
      'https://tracker.example/pixel.gif',
      'http://cdn.example.org/a.png',
      'HTTPS://CDN.EXAMPLE.ORG/A.PNG',
      'https://evil.example/api/v2/media/3f1c.png',
      '//evil.example/api/v2/media/3f1c.png',
      'https:\\\\evil.example/a.png',
      'ftp://files.example/a.png',
    ])
      expect(sanitizeRichText(`<p>a<img src="${src}" alt="x">b</p>`), src).toBe('<p>ab</p>');
  });

  it('maps h1 to h2 and h5, h6 to h4, and keeps the text of other wrappers', () => {
    expect(sanitizeRichText('<h1>T</h1><h5>a</h5><h6>b</h6>')).toBe('<h2>T</h2><h4>a</h4><h4>b</h4>');
    expect(sanitizeRichText('<div><section><p>kept</p></section><font color="red">too</font></div>')).toBe(
      '<p>kept</p>too',
    );
  });

  it('treats tags named like object properties as any other unknown tag', () => {
    expect(
      sanitizeRichText('<p><constructor>a</constructor><toString>b</toString><valueOf>c</valueOf></p>'),
    ).toBe('<p>abc</p>');
  });

  it('strips style, class, id and data attributes everywhere', () => {
    expect(
      sanitizeRichText(
        '<p style="color:red" class="x" id="y" data-x="1" dir="rtl"><span style="color:red">a</span><mark data-color="#ff0" style="background:#ff0">b</mark></p>',
      ),
    ).toBe('<p><span>a</span><mark>b</mark></p>');
  });

  it('keeps entities escaped and non-breaking spaces as characters', () => {
    expect(sanitizeRichText('<p>a &lt;script&gt; &amp;amp; 1&nbsp;2 &#0;</p>')).toBe(
      '<p>a &lt;script&gt; &amp;amp; 1\u00a02 \ufffd</p>',
    );
  });

  it('returns an empty string for empty or whitespace-only input or results', () => {
    for (const html of [
      '',
      '   ',
      '\n\t',
      '<!-- only a comment -->',
      '<script>x</script>',
      ' <style>a{}</style> ',
    ])
      expect(sanitizeRichText(html), html).toBe('');
    expect(sanitizeRichText('  <p>x</p>\n')).toBe('<p>x</p>');
  });

  it('drops NUL, which PostgreSQL text cannot hold', () => {
    expect(sanitizeRichText('<p>a\u0000b</p>')).toBe('<p>ab</p>');
  });
});

describe('sanitizeRichText neutralises attacks', () => {
  const attacks: [string, string][] = [
    ['<img src=x onerror=alert(1)>', ''],
    ['<img src="/api/v2/media/a.png" onerror="alert(1)">', '<img src="/api/v2/media/a.png" />'],
    ['<img src="https://x.example/a.png" onerror="alert(1)">', ''],
    ['<a href="javascript:alert(1)">x</a>', 'x'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', 'x'],
    ['<a href="jav&#x0A;ascript:alert(1)">x</a>', 'x'],
    ['<a href="&#x20;javascript:alert(1)">x</a>', 'x'],
    ['<a href="&#106;avascript:alert(1)">x</a>', 'x'],
    ['<a href="javascript&colon;alert(1)">x</a>', 'x'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', 'x'],
    ['<a href="vbscript:msgbox(1)">x</a>', 'x'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', 'x'],
    ['<svg onload=alert(1)><circle r="1"/></svg>', ''],
    ['<svg><script>alert(1)</script><text>t</text></svg>', 't'],
    ['<iframe src="javascript:alert(1)"></iframe>', ''],
    ['<iframe srcdoc="<script>alert(1)</script>">fallback</iframe>', 'fallback'],
    ['<style>body{background:red}</style><p>x</p>', '<p>x</p>'],
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<math><mi xlink:href="javascript:alert(1)">m</mi></math>', 'm'],
    ['<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">m</maction></math>', 'm'],
    ['<form action="javascript:alert(1)"><button formaction=javascript:alert(1)>go</button></form>', 'go'],
    ['<input type="image" src="x" onfocus="alert(1)" autofocus>', ''],
    ['<object data="javascript:alert(1)">o</object><embed src="javascript:alert(1)">', 'o'],
    ['<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">', ''],
    ['<img src="DaTa:image/png;base64,AAAA">', ''],
    ['<p><b onclick="alert(1)">unclosed <i>tags', '<p><b>unclosed <i>tags</i></b></p>'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['<p>a<!-- <script>alert(1)</script> -->b</p>', '<p>ab</p>'],
    ['<![CDATA[<script>alert(1)</script>]]>', ''],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', ''],
    ['<textarea><img src=x onerror=alert(1)></textarea>', ''],
    [
      '<a href="https://ok.example" onmouseover="alert(1)" style="x">ok</a>',
      `<a href="https://ok.example" ${linkAttributes}>ok</a>`,
    ],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
    ['<base href="javascript:alert(1)//"><link rel="stylesheet" href="x.css">', ''],
  ];

  it.each(attacks)('%s', (attack, expected) => {
    const clean = sanitizeRichText(attack);
    expect(clean).toBe(expected);
    expect(sanitizeRichText(clean)).toBe(clean);
  });
});

describe('outsideImages', () => {
  it('finds every image a browser would fetch from another host, as written, in order', () => {
    expect(
      outsideImages(
        '<p>a<img src="https://tracker.example/p.gif?u=1&amp;q=2">b</p>' +
          '<table><tr><td><IMG SRC=" //cdn.example.org/x.png "></td></tr></table>' +
          '<ul><li><img alt="x" src=\'http://a.example\'></li></ul>',
      ),
    ).toEqual(['https://tracker.example/p.gif?u=1&q=2', '//cdn.example.org/x.png', 'http://a.example']);
  });

  it('reads the URL as a browser does: entities, backslashes, tabs and odd cases still point elsewhere', () => {
    for (const src of [
      'HtTpS://tracker.example/p.gif',
      'https:\\\\tracker.example/p.gif',
      '\\\\tracker.example/p.gif',
      'https:/tracker.example/p.gif',
      'ht&#x09;tps://tracker.example/p.gif',
      'https&colon;//tracker.example/p.gif',
      'https://user:pw@tracker.example:8443/p.gif',
      'ftp://tracker.example/p.gif',
    ])
      expect(outsideImages(`<p><img src="${src}"></p>`), src).toHaveLength(1);
  });

  it('finds an image outside the allow-list too (in noscript, in a link), which the sanitiser drops anyway', () => {
    expect(outsideImages('<noscript><img src="https://t.example/a.gif"></noscript>')).toHaveLength(1);
    expect(outsideImages('<a href="/x"><img src="https://t.example/a.gif"></a>')).toHaveLength(1);
  });

  it('leaves our own media, sources that load nothing from elsewhere and other elements alone', () => {
    expect(
      outsideImages(
        '<p><img src="/api/v2/media/3f1c.png"><img src="media:strip.png"><img src="x"><img src="">' +
          '<img><img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)">' +
          '<img src="@@PLUGINFILE@@/a.png"><a href="https://example.org">link</a></p>' +
          '<script>"<img src=https://t.example/a.gif>"</script>',
      ),
    ).toEqual([]);
    expect(outsideImages('<p>See https://example.org/a.png</p>')).toEqual([]);
    expect(outsideImages('')).toEqual([]);
  });

  it('names the field and the URL, cut short when long', () => {
    expect(outsideImageMessage('questionStem', 'https://t.example/a.gif', 'upload it')).toBe(
      'questionStem shows an image from another site (https://t.example/a.gif); upload it',
    );
    const long = `https://t.example/${'a'.repeat(200)}`;
    const message = outsideImageMessage('explanation', long, 'upload it');
    expect(message).toContain(`(${long.slice(0, 79)}…)`);
    expect(message.length).toBeLessThan(140);
  });
});

describe('richTextToPlain', () => {
  it('decodes entities, collapses whitespace and separates blocks, but not inline pieces', () => {
    expect(
      richTextToPlain(
        '<h2>Title</h2><p>Fish &amp;&nbsp;chips\n  here</p><ul><li>one</li><li>two</li></ul>H<sub>2</sub>O<br>next',
      ),
    ).toBe('Title Fish & chips here one two H2O next');
    expect(richTextToPlain('<table><tr><td>a</td><td>b</td></tr></table>')).toBe('a b');
  });

  it('leaves out scripts, styles and image alt text', () => {
    expect(richTextToPlain('<p>a<script>x()</script><style>p{}</style><img alt="pic" src="/x">b</p>')).toBe(
      'ab',
    );
  });

  it('cuts at a word with an ellipsis, never longer than max', () => {
    const text = '<p>The quick brown fox jumps over the lazy dog</p>';
    expect(richTextToPlain(text, 100)).toBe('The quick brown fox jumps over the lazy dog');
    expect(richTextToPlain(text, 43)).toBe('The quick brown fox jumps over the lazy dog');
    expect(richTextToPlain(text, 20)).toBe('The quick brown fox…');
    expect(richTextToPlain(text, 17)).toBe('The quick brown…');
    expect(richTextToPlain(text, 0)).toBe('');
    for (let max = 1; max < 45; max++) expect(richTextToPlain(text, max).length).toBeLessThanOrEqual(max);
  });

  it('cuts a long word when there is no space near the limit, and never halves an emoji', () => {
    expect(richTextToPlain('<p>see https://example.org/a/very/long/path</p>', 20)).toBe(
      'see https://example…',
    );
    expect(richTextToPlain('<p>ab😀cd</p>', 4)).toBe('ab…');
  });
});

describe('isBlankRichText', () => {
  it('is true with no visible text and no image', () => {
    for (const html of [
      '',
      '   ',
      '<p></p>',
      '<p><br></p>',
      '<p>&nbsp;</p>',
      '<p>\u200b</p>',
      '<ul><li></li></ul>',
    ])
      expect(isBlankRichText(html), html).toBe(true);
  });

  it('is false with text or an image', () => {
    for (const html of ['<p>x</p>', '<p><img src="/api/v2/media/a.png"></p>', '0', '<p>&amp;</p>'])
      expect(isBlankRichText(html), html).toBe(false);
  });
});
