import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectFormat, parseQuestions, toQti3Zip, xlsxTemplate } from './index';
import { buildQuestion, bytesOf, content, pngBytes } from './test-helpers';
import { deflatedZeros, zipOf } from './test-zip';

const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...bytesOf('\u0000\u0000webm'), 1, 2, 3]);
const ns = 'xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"';

/** A package of these item files (in this order in the manifest) and other files. */
function qtiPackage(
  items: Record<string, string>,
  files: Record<string, Uint8Array> = {},
  manifestExtra = '',
) {
  const resources = Object.keys(items)
    .map(
      (href, i) =>
        `<resource identifier="i${i}" type="imsqti_item_xmlv3p0" href="${href}"><file href="${href}"/></resource>`,
    )
    .join('');
  const manifest = `<?xml version="1.0"?><manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m"><organizations/><resources>${resources}${manifestExtra}</resources></manifest>`;
  return zipSync({
    'imsmanifest.xml': strToU8(manifest),
    ...Object.fromEntries(Object.entries(items).map(([href, xml]) => [href, strToU8(xml)])),
    ...files,
  });
}

/** An item with a single choice interaction (or what `interaction` says) and what else it is given. */
const item = ({
  body = '<p>Which one?</p>',
  interaction = '<qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-simple-choice identifier="A">Yes</qti-simple-choice><qti-simple-choice identifier="B">No</qti-simple-choice></qti-choice-interaction>',
  declaration = '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>A</qti-value></qti-correct-response></qti-response-declaration>',
  head = '',
  tail = '<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>',
  title = 'Q',
} = {}) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<qti-assessment-item ${ns} identifier="x" title="${title}">${declaration}${head}<qti-item-body>${body}${interaction}</qti-item-body>${tail}</qti-assessment-item>`;

const read = (bytes: Uint8Array) => parseQuestions('qti', bytes);

describe('QTI 3.0 import', () => {
  it('reads back what toQti3Zip wrote: choices and their explanations, media, fields, true/false', async () => {
    const bank = [
      buildQuestion({
        name: 'Peaked T waves & "calcium"',
        stem: '<p>ECG<br>shows\u00a0this: <img src="media:strip.png" alt="strip"></p><p>Next &amp; then?</p>',
        explanation: '<p>See the figure.</p>',
        media: [
          { name: 'strip.png', contentType: 'image/png', bytes: pngBytes(1), place: 'STEM' },
          { name: 'clip.webm', contentType: 'video/webm', bytes: webm, place: 'STEM' },
          { name: 'figure-2.png', contentType: 'image/png', bytes: pngBytes(2), place: 'EXPLANATION' },
        ],
        choices: [
          { text: 'Calcium gluconate', correct: true, explanation: '<p>Because<br>it stabilises.</p>' },
          { text: 'pH &lt; 7.35', correct: false, explanation: '<p>Not <em>first</em>.</p>' },
          { text: 'Furosemide', correct: false },
        ],
        freeSample: true,
      }),
      buildQuestion({
        name: '',
        // An image inside the stem, in a paragraph of its own at its end: it stays there.
        stem: '<p>Hyperkalaemia peaks T waves.</p><p><img src="media:inline.png" alt=""></p>',
        media: [{ name: 'inline.png', contentType: 'image/png', bytes: pngBytes(9), place: 'STEM' }],
        explanation: '',
        references: [],
        reinforcements: [],
        path: ['Cardiology › ECG'],
        choices: [
          { text: 'True', correct: true, explanation: '<p>Right: tall, narrow T waves.</p>' },
          { text: 'False', correct: false },
        ],
      }),
      buildQuestion({ path: [], explanation: '', references: ['Only a reference'], reinforcements: [] }),
    ];
    const { questions, issues } = await read(await toQti3Zip(bank, { title: 'Bank' }));
    expect(issues).toEqual([]);
    expect(questions.map(content)).toEqual(bank.map(content));
    expect(questions.map((q) => q.line)).toEqual([1, 2, 3]);
  });

  it('reads a package from another tool: prompt, inline and modal feedback per choice, media beside the item', async () => {
    const xml = item({
      body: '<p>Look: <img src="../images/ecg%20strip.png" alt="ECG"/></p>',
      interaction: `<qti-choice-interaction response-identifier="R1" max-choices="1" shuffle="true">
        <qti-prompt><p>What is it?</p></qti-prompt>
        <qti-simple-choice identifier="c1">Atrial fibrillation<qti-feedback-inline outcome-identifier="FB" identifier="c1" show-hide="show">Irregular.</qti-feedback-inline></qti-simple-choice>
        <qti-simple-choice identifier="c2">Flutter</qti-simple-choice>
        <qti-simple-choice identifier="c3">Sinus rhythm</qti-simple-choice>
      </qti-choice-interaction>`,
      declaration:
        '<qti-response-declaration identifier="R1" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>c1</qti-value></qti-correct-response></qti-response-declaration>',
      head: '<qti-outcome-declaration identifier="FB" cardinality="single" base-type="identifier"/><qti-outcome-declaration identifier="SHOWN" cardinality="single" base-type="identifier"/>',
      tail: `<qti-response-processing>
        <qti-response-condition>
          <qti-response-if><qti-match><qti-variable identifier="R1"/><qti-correct identifier="R1"/></qti-match>
            <qti-set-outcome-value identifier="SHOWN"><qti-base-value base-type="identifier">RIGHT</qti-base-value></qti-set-outcome-value></qti-response-if>
          <qti-response-else><qti-set-outcome-value identifier="SHOWN"><qti-base-value base-type="identifier">WRONG</qti-base-value></qti-set-outcome-value></qti-response-else>
        </qti-response-condition>
        <qti-response-condition>
          <qti-response-if><qti-match><qti-variable identifier="R1"/><qti-base-value base-type="identifier">c2</qti-base-value></qti-match>
            <qti-set-outcome-value identifier="SHOWN"><qti-base-value base-type="identifier">ABOUT_C2</qti-base-value></qti-set-outcome-value></qti-response-if>
        </qti-response-condition>
        <qti-set-outcome-value identifier="FB"><qti-variable identifier="R1"/></qti-set-outcome-value>
        <qti-set-outcome-value identifier="EVERYONE"><qti-base-value base-type="identifier">WHY</qti-base-value></qti-set-outcome-value>
      </qti-response-processing>
      <qti-modal-feedback outcome-identifier="EVERYONE" identifier="WHY" show-hide="show"><qti-content-body><p>Irregularly irregular.</p><p><img src="../images/ladder.png" alt="ladder"/></p></qti-content-body></qti-modal-feedback>
      <qti-modal-feedback outcome-identifier="FB" identifier="c3" show-hide="show"><qti-content-body><p>P waves are absent.</p></qti-content-body></qti-modal-feedback>
      <qti-modal-feedback outcome-identifier="SHOWN" identifier="ABOUT_C2" show-hide="show"><qti-content-body><p>No saw-tooth.</p></qti-content-body></qti-modal-feedback>
      <qti-modal-feedback outcome-identifier="SHOWN" identifier="RIGHT" show-hide="show"><qti-content-body><p>Well done.</p></qti-content-body></qti-modal-feedback>
      <qti-modal-feedback outcome-identifier="SHOWN" identifier="WRONG" show-hide="show"><qti-content-body><p>Try again.</p></qti-content-body></qti-modal-feedback>`,
      title: 'AF &amp; ECG',
    });
    const zip = qtiPackage(
      { 'items/af.xml': xml },
      { 'images/ecg strip.png': pngBytes(3), 'images/ladder.png': pngBytes(4) },
    );
    const { questions, issues } = await read(zip);
    expect(issues).toEqual([
      {
        line: 1,
        field: 'feedback',
        message:
          "The feedback for a wrong answer was left out: learners see the question's explanation and each choice's own instead. Add it there if they need it",
      },
    ]);
    const [q] = questions;
    expect(q).toMatchObject({
      name: 'AF & ECG',
      stem: '<p>Look: <img src="media:ecg-strip.png" alt="ECG"></p><p>What is it?</p>',
      explanation: '<p>Irregularly irregular.</p><p><img src="media:ladder.png" alt="ladder"></p>',
      choices: [
        { text: 'Atrial fibrillation', correct: true, explanation: 'Irregular.<p>Well done.</p>' },
        { text: 'Flutter', correct: false, explanation: '<p>No saw-tooth.</p>' },
        { text: 'Sinus rhythm', correct: false, explanation: '<p>P waves are absent.</p>' },
      ],
      path: [],
      line: 1,
    });
    expect(q?.media).toEqual([
      { name: 'ecg-strip.png', contentType: 'image/png', bytes: pngBytes(3), place: 'STEM' },
      { name: 'ladder.png', contentType: 'image/png', bytes: pngBytes(4), place: 'EXPLANATION' },
    ]);
  });

  it('names each interaction it does not import in words a teacher knows, and reads the others', async () => {
    const choice = (max: string) =>
      `<qti-choice-interaction response-identifier="RESPONSE" max-choices="${max}"><qti-simple-choice identifier="A">a</qti-simple-choice><qti-simple-choice identifier="B">b</qti-simple-choice></qti-choice-interaction>`;
    const items = {
      'multi.xml': item({ interaction: choice('2') }),
      'unlimited.xml': item({ interaction: choice('0') }),
      'blank.xml': item({ interaction: '<qti-text-entry-interaction response-identifier="RESPONSE"/>' }),
      'essay.xml': item({ interaction: '<qti-extended-text-interaction response-identifier="RESPONSE"/>' }),
      'match.xml': item({ interaction: '<qti-match-interaction response-identifier="RESPONSE"/>' }),
      'order.xml': item({ interaction: '<qti-order-interaction response-identifier="RESPONSE"/>' }),
      'hotspot.xml': item({ interaction: '<qti-hotspot-interaction response-identifier="RESPONSE"/>' }),
      'two.xml': item({
        interaction: `${choice('1')}<qti-text-entry-interaction response-identifier="R2"/>`,
      }),
      'none.xml': item({ interaction: '' }),
      'good.xml': item(),
    };
    const { questions, issues } = await read(qtiPackage(items));
    expect(questions.map((q) => q.line)).toEqual([10]);
    const only = 'only single-best-answer and true/false questions can be imported';
    expect(issues).toEqual(
      [
        'a multiple-answer question (more than one answer may be chosen)',
        'a multiple-answer question (more than one answer may be chosen)',
        'a fill-in-the-blank (short answer) question',
        'an essay question',
        'a matching question',
        'an ordering question',
        'a hotspot (click on the image) question',
        'a question in 2 parts, each answered on its own',
        'a text with no answer to choose',
      ].map((kind, i) => ({ line: i + 1, field: 'type', message: `This is ${kind}; ${only}` })),
    );
  });

  it('keeps what it can of partial credit, several keys, hints, rubrics and templates, and notes each', async () => {
    const choices =
      '<qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-simple-choice identifier="A">a</qti-simple-choice><qti-simple-choice identifier="B">b</qti-simple-choice><qti-simple-choice identifier="C">c</qti-simple-choice></qti-choice-interaction>';
    const items = {
      'mapped.xml': item({
        interaction: choices,
        declaration:
          '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-mapping default-value="0"><qti-map-entry map-key="A" mapped-value="2"/><qti-map-entry map-key="B" mapped-value="1"/><qti-map-entry map-key="C" mapped-value="-1"/></qti-mapping></qti-response-declaration>',
        tail: '<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml"/>',
      }),
      'two-keys.xml': item({
        interaction: choices,
        declaration:
          '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>B</qti-value><qti-value>C</qti-value></qti-correct-response></qti-response-declaration>',
      }),
      'extras.xml': item({
        body: '<qti-rubric-block view="scorer"><qti-content-body><p>Give 1 point.</p></qti-content-body></qti-rubric-block><qti-rubric-block view="candidate"><qti-content-body><p>Read carefully.</p></qti-content-body></qti-rubric-block><p>Dose <qti-printed-variable identifier="DOSE"/> mg?</p><qti-end-attempt-interaction response-identifier="HINT" title="Hint"/>',
        head: '<qti-template-declaration identifier="DOSE" cardinality="single" base-type="integer"/>',
      }),
      'scores.xml': item({
        tail: '<qti-response-processing><qti-response-condition><qti-response-if><qti-match><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-match><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">1</qti-base-value></qti-set-outcome-value></qti-response-if><qti-response-else><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">-0.25</qti-base-value></qti-set-outcome-value></qti-response-else></qti-response-condition></qti-response-processing>',
      }),
    };
    const { questions, issues } = await read(qtiPackage(items));
    expect(questions.map((q) => [q.line, q.choices.map((c) => c.correct)])).toEqual([
      [1, [true, false, false]],
      [2, [false, true, false]],
      [3, [true, false]],
      [4, [true, false]],
    ]);
    expect(questions[2]?.stem).toBe('<p>Read carefully.</p><p>Dose  mg?</p>');
    expect(issues).toEqual([
      {
        line: 1,
        field: 'weight',
        message:
          'The weight of answers B (50%) and C (-50%) was left out: the right answer scores 1 and every other answer 0',
      },
      {
        line: 2,
        field: 'correct',
        message:
          'The item takes B and C as right answers; only B is kept as the right one: one answer is right, the others score 0',
      },
      {
        line: 3,
        field: 'hint',
        message:
          'The hint was left out: the product shows no hints. Add it to the explanation if learners need it',
      },
      {
        line: 3,
        field: 'rubric',
        message:
          'The rubric for scorers, tutors or authors was left out: the product shows the stem, the choices and the explanation',
      },
      {
        line: 3,
        field: 'template',
        message:
          "The item's template (values that change from one learner to the next) was left out: the question imports with the text as written",
      },
      {
        line: 4,
        field: 'weight',
        message:
          "The item's scoring gives part of the credit or a penalty for some answers; that was left out: the right answer scores 1 and every other answer 0",
      },
    ]);
  });

  it('places block feedback by the choice it is shown for, and leaves out hidden feedback with a note', async () => {
    const xml = item({
      body: `<p>Which one?</p><qti-feedback-block outcome-identifier="FEEDBACK" identifier="B" show-hide="show"><qti-content-body><p>B is wrong.</p></qti-content-body></qti-feedback-block>`,
      head: '<qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier"/>',
      tail: `<qti-response-processing><qti-set-outcome-value identifier="FEEDBACK"><qti-variable identifier="RESPONSE"/></qti-set-outcome-value></qti-response-processing>
        <qti-modal-feedback outcome-identifier="FEEDBACK" identifier="A" show-hide="hide"><qti-content-body><p>Not A.</p></qti-content-body></qti-modal-feedback>`,
    });
    const { questions, issues } = await read(bytesOf(xml));
    expect(questions[0]).toMatchObject({
      stem: '<p>Which one?</p>',
      explanation: '',
      choices: [
        { text: 'Yes', correct: true },
        { text: 'No', correct: false, explanation: '<p>B is wrong.</p>' },
      ],
    });
    expect(issues).toEqual([
      {
        line: 1,
        field: 'feedback',
        message:
          'The feedback "A" (shown on a condition) was left out: learners see the question\'s explanation and each choice\'s own instead. Add it there if they need it',
      },
    ]);
  });

  it('takes images written into the item as data: URLs as media, and names one it cannot use', async () => {
    const png = `data:image/png;base64,${Buffer.from(pngBytes(5)).toString('base64')}`;
    const body = `<p>One <img src="${png}" alt="one"/> again <img src="${png}" alt="two"/> <img src="data:text/plain,hello" alt="x"/><img src="" alt=""/></p>`;
    const { questions, issues } = await read(bytesOf(item({ body })));
    expect(questions[0]?.stem).toBe(
      '<p>One <img src="media:image.png" alt="one"> again <img src="media:image.png" alt="two"> </p>',
    );
    expect(questions[0]?.media).toEqual([
      { name: 'image.png', contentType: 'image/png', bytes: pngBytes(5), place: 'STEM' },
    ]);
    expect(issues).toEqual([
      {
        line: 1,
        field: 'media',
        message:
          'A file written into the item (a data: URL) is not PNG, JPEG, GIF, WebP, MP4 or WebM; it was left out',
      },
    ]);
  });

  it('reads a lone item file, and names the files it cannot carry', async () => {
    const { questions, issues } = await read(
      bytesOf(item({ body: '<p>See <img src="a.png" alt="a"/></p>' })),
    );
    expect(questions).toHaveLength(1);
    expect(questions[0]?.stem).toBe('<p>See </p>');
    expect(issues).toEqual([
      {
        line: 1,
        field: 'media',
        message:
          'The file "a.png" was left out: a lone item file carries no files; upload the whole QTI package (.zip)',
      },
    ]);
  });
});

describe('QTI 3.0 import of hostile packages', () => {
  it('stops inflating a package that declares 4 KB and unpacks to 300 MB', async () => {
    const zip = zipOf([{ name: 'imsmanifest.xml', data: deflatedZeros(300), declaredSize: 4096 }]);
    expect(detectFormat('bank.zip', zip)).toBe('qti');
    const { questions, issues } = await read(zip);
    expect(questions).toEqual([]);
    expect(issues).toEqual([
      {
        line: 1,
        field: 'file',
        message: 'The package unpacks to more than 256 MB; split it into smaller files',
      },
    ]);
  });

  it('refuses hrefs outside the package and names items the manifest lists but the package lacks', async () => {
    const zip = qtiPackage(
      {
        '../../etc/passwd': item(),
        'missing.xml': item(),
        'ok.xml': item({
          body: '<p>Which? <img src="../../../secret.png" alt=""/><img src="/etc/shadow.png" alt=""/></p>',
        }),
      },
      {},
      '<resource identifier="old" type="imsqti_item_xmlv2p2" href="old.xml"/>',
    );
    // The manifest names missing.xml; take the file itself out of the zip.
    const files = await import('fflate').then((f) => f.unzipSync(zip));
    delete files['missing.xml'];
    const { questions, issues } = await read(zipSync(files));
    expect(questions.map((q) => q.line)).toEqual([3]);
    expect(questions[0]?.media).toEqual([]);
    expect(issues).toEqual([
      {
        line: 1,
        field: 'file',
        message:
          'One item is QTI 2 (the manifest says so); only QTI 3.0 items are read: export them as QTI 3.0',
      },
      {
        line: 1,
        field: 'file',
        message: 'The manifest names the item "../../etc/passwd", which is outside the package',
      },
      {
        line: 2,
        field: 'file',
        message: 'The item "missing.xml" that the manifest lists is not in the package',
      },
      {
        line: 3,
        field: 'media',
        message: 'The file "../../../secret.png" is outside the package; it was left out',
      },
      {
        line: 3,
        field: 'media',
        message: 'The file "/etc/shadow.png" is outside the package; it was left out',
      },
    ]);
  });

  it('never expands entities a DOCTYPE declares (external ones or a billion laughs)', async () => {
    const doctype = `<!DOCTYPE qti-assessment-item [
      <!ENTITY xxe SYSTEM "file:///etc/passwd">
      <!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
    ]>`;
    const xml = item({ body: '<p>Secret: &xxe; Laughs: &lol3;</p>' }).replace('\n', `\n${doctype}\n`);
    for (const bytes of [bytesOf(xml), qtiPackage({ 'item.xml': xml })]) {
      const { questions, issues } = await read(bytes);
      expect(questions[0]?.stem).toBe('<p>Secret: &xxe; Laughs: &lol3;</p>');
      expect(issues).toEqual([
        {
          line: 1,
          field: 'file',
          message:
            'The item declares entities of its own (a DOCTYPE); they were not expanded, and a reference to one reads as it is written',
        },
      ]);
    }
  });

  it('reports a broken item and a package without a manifest', async () => {
    const broken = await read(
      qtiPackage({ 'a.xml': '<qti-assessment-item><p></qti-assessment-item>', 'b.xml': item() }),
    );
    expect(broken.questions.map((q) => q.line)).toEqual([2]);
    expect(broken.issues).toEqual([
      { line: 1, field: 'file', message: expect.stringMatching(/^a\.xml: broken XML at its line 1: /) },
    ]);
    const none = await read(zipSync({ 'item.xml': strToU8(item()) }));
    expect(none.issues).toEqual([
      {
        line: 1,
        field: 'file',
        message: 'The package has no imsmanifest.xml, where a QTI package lists its items',
      },
    ]);
  });
});

describe('detecting QTI', () => {
  it('scans the prolog in time linear in its length, whatever it holds', () => {
    const start = performance.now();
    for (const junk of [
      '<?'.repeat(100_000),
      '<!--'.repeat(100_000),
      `<!DOCTYPE x [${'['.repeat(100_000)}`,
    ]) {
      expect(detectFormat('item', bytesOf(junk))).toBeNull();
      expect(detectFormat('item.xml', bytesOf(junk))).toBe('moodle-xml');
    }
    expect(performance.now() - start).toBeLessThan(5_000);
  });

  it('tells a package and a lone item from a workbook and Moodle XML', async () => {
    const zip = await toQti3Zip([buildQuestion()], { title: 'T' });
    expect(detectFormat('bank-qti.zip', zip)).toBe('qti');
    expect(detectFormat('download', zip)).toBe('qti');
    expect(detectFormat('item-0001.xml', bytesOf(item()))).toBe('qti');
    expect(
      detectFormat(
        'item',
        bytesOf(`\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n${item().split('\n')[1]}`),
      ),
    ).toBe('qti');
    expect(detectFormat('quiz.xml', bytesOf('<?xml version="1.0"?><quiz></quiz>'))).toBe('moodle-xml');
    const workbook = await xlsxTemplate(['S', 'C', 'Sub']);
    expect(detectFormat('download', workbook)).toBe('xlsx');
    expect(detectFormat('other.zip', zipSync({ 'notes.txt': strToU8('hi') }))).toBeNull();
  });
});
