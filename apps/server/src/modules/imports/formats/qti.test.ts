import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { toQti3Zip } from './index';
import { buildQuestion, pngBytes } from './test-helpers';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});
type Node = Record<string, unknown>;
const first = (node: unknown, key: string) => ((node as Node)[key] as Node[])[0] as Node;
const all = (node: unknown, key: string) => ((node as Node)[key] as Node[] | undefined) ?? [];

describe('QTI 3.0', () => {
  const bank = [
    buildQuestion({
      name: 'Peaked T waves & calcium',
      stem: '<p>ECG<br>shows&nbsp;this: <img src="media:strip.png" alt="strip"><p>Next?',
      media: [
        { name: 'strip.png', contentType: 'image/png', bytes: pngBytes(1), place: 'STEM' },
        { name: 'figure 2.png', contentType: 'image/png', bytes: pngBytes(2), place: 'EXPLANATION' },
      ],
    }),
    buildQuestion({
      name: '',
      explanation: '',
      references: [],
      reinforcements: [],
      path: ['Cardiology'],
      choices: [
        { text: 'pH &lt; 7.35', correct: false },
        { text: 'B', correct: true },
      ],
    }),
  ];

  it('packs an item per question, the test, the media and a manifest naming every file', async () => {
    const files = unzipSync(await toQti3Zip(bank, { title: 'Renal & cardiology bank' }));
    expect(Object.keys(files).sort()).toEqual([
      'assessment.xml',
      'imsmanifest.xml',
      'item-0001.xml',
      'item-0002.xml',
      'media/item-0001/figure-2.png',
      'media/item-0001/strip.png',
    ]);
    for (const [name, bytes] of Object.entries(files)) {
      if (name.endsWith('.xml')) expect(XMLValidator.validate(strFromU8(bytes)), name).toBe(true);
    }
    expect(files['media/item-0001/strip.png']).toEqual(pngBytes(1));

    const manifest = first(parser.parse(strFromU8(files['imsmanifest.xml']!)), 'manifest');
    expect(manifest.xmlns).toBe('http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1');
    const resources = all(first(manifest, 'resources'), 'resource');
    expect(resources.map((r) => [r.identifier, r.type, r.href])).toEqual([
      ['assessment', 'imsqti_test_xmlv3p0', 'assessment.xml'],
      ['item-0001', 'imsqti_item_xmlv3p0', 'item-0001.xml'],
      ['item-0002', 'imsqti_item_xmlv3p0', 'item-0002.xml'],
    ]);
    const listed = resources.flatMap((r) => all(r, 'file').map((f) => f.href));
    expect(listed.sort()).toEqual(
      Object.keys(files)
        .filter((f) => f !== 'imsmanifest.xml')
        .sort(),
    );
  });

  it('writes single-choice items with the key, the explanation as modal feedback and relative media', async () => {
    const files = unzipSync(await toQti3Zip(bank, { title: 'Bank' }));
    const itemXml = strFromU8(files['item-0001.xml']!);
    const item = first(parser.parse(itemXml), 'qti-assessment-item');
    expect(item.title).toBe('Peaked T waves & calcium');
    const declaration = first(item, 'qti-response-declaration');
    expect(declaration).toMatchObject({
      identifier: 'RESPONSE',
      cardinality: 'single',
      'base-type': 'identifier',
    });
    expect(first(declaration, 'qti-correct-response')['qti-value']).toEqual(['A']);
    const interaction = first(first(item, 'qti-item-body'), 'qti-choice-interaction');
    expect(interaction['max-choices']).toBe('1');
    expect(all(interaction, 'qti-simple-choice').map((c) => c.identifier)).toEqual(['A', 'B', 'C']);
    expect(itemXml).toContain(
      '<p>ECG<br/>shows\u00a0this: <img src="media/item-0001/strip.png" alt="strip"/></p><p>Next?</p>',
    );
    expect(itemXml).toContain('<img src="media/item-0001/figure-2.png" alt=""/>');
    const feedback = first(item, 'qti-modal-feedback');
    expect(feedback).toMatchObject({
      'outcome-identifier': 'FEEDBACK',
      identifier: 'EXPLANATION',
      'show-hide': 'show',
    });
    expect(itemXml).toMatch(/<qti-content-body><p>Calcium stabilises.*<li>KDIGO 2020<\/li>/);

    const plain = strFromU8(files['item-0002.xml']!);
    expect(plain).toContain('<qti-value>B</qti-value>');
    expect(plain).toContain('>pH &lt; 7.35</qti-simple-choice>');
    expect(plain).not.toContain('qti-modal-feedback');
    expect(plain).toContain('rptemplates/match_correct');
  });

  it('writes each choice explanation as inline feedback of its choice, shown for the answer given', async () => {
    const q = buildQuestion({
      explanation: '',
      references: [],
      reinforcements: [],
      choices: [
        { text: 'Right', correct: true, explanation: '<p>Because<br>so.</p>' },
        { text: 'Wrong', correct: false },
      ],
    });
    const files = unzipSync(await toQti3Zip([q], { title: 'T' }));
    const xml = strFromU8(files['item-0001.xml'] as Uint8Array);
    expect(XMLValidator.validate(xml)).toBe(true);
    const item = first(parser.parse(xml), 'qti-assessment-item');
    const choices = all(first(first(item, 'qti-item-body'), 'qti-choice-interaction'), 'qti-simple-choice');
    const inline = all(choices[0], 'qti-feedback-inline');
    expect(inline).toHaveLength(1);
    expect(inline[0]).toMatchObject({ 'outcome-identifier': 'RESPONSE_FEEDBACK', identifier: 'A' });
    expect(xml).toContain('<br/>so.');
    expect(all(choices[1], 'qti-feedback-inline')).toEqual([]);
    const outcomes = all(item, 'qti-outcome-declaration').map((o) => o.identifier);
    expect(outcomes).toEqual(['SCORE', 'RESPONSE_FEEDBACK']);
    expect(xml).toContain(
      '<qti-set-outcome-value identifier="RESPONSE_FEEDBACK"><qti-variable identifier="RESPONSE"/></qti-set-outcome-value>',
    );
    expect(all(item, 'qti-modal-feedback')).toEqual([]);
  });

  it("carries the product's own fields in each item's manifest metadata, for the importer", async () => {
    const files = unzipSync(await toQti3Zip(bank, { title: 'Bank' }));
    const manifest = strFromU8(files['imsmanifest.xml']!);
    expect(manifest).toContain(
      '<resource identifier="item-0001" type="imsqti_item_xmlv3p0" href="item-0001.xml">\n      <metadata><qbank:question xmlns:qbank="https://qbankcloud.com/xsd/qti-package/v1"><qbank:name>Peaked T waves &amp; calcium</qbank:name><qbank:subject>Nephrology</qbank:subject><qbank:category>Electrolytes</qbank:category><qbank:subcategory>Potassium</qbank:subcategory><qbank:reference>KDIGO 2020</qbank:reference><qbank:key-point>ECG changes: calcium first</qbank:key-point><qbank:free-sample>false</qbank:free-sample><qbank:attached>media/item-0001/figure-2.png</qbank:attached></qbank:question></metadata>',
    );
    expect(manifest).toContain(
      '<qbank:name></qbank:name><qbank:subject>Cardiology</qbank:subject><qbank:free-sample>false</qbank:free-sample>',
    );
  });

  it('groups the test into sections by path', async () => {
    const files = unzipSync(await toQti3Zip(bank, { title: 'Bank' }));
    const test = first(parser.parse(strFromU8(files['assessment.xml']!)), 'qti-assessment-test');
    const sections = all(first(test, 'qti-test-part'), 'qti-assessment-section');
    expect(sections.map((s) => [s.title, all(s, 'qti-assessment-item-ref').map((r) => r.href)])).toEqual([
      ['Nephrology › Electrolytes › Potassium', ['item-0001.xml']],
      ['Cardiology', ['item-0002.xml']],
    ]);
  });
});
