import { describe, expect, it } from 'vitest';
import { parseQuestions, toMoodleXml } from './index';
import { buildQuestion, bytesOf, content, pngBytes } from './test-helpers';

const parseXml = (xml: string) => parseQuestions('moodle-xml', bytesOf(xml));
const png = Buffer.from(pngBytes(7)).toString('base64');
const gif = Buffer.from('GIF89a\u0001\u0000').toString('base64');

const multichoice = (
  stem: string,
  answers = '<answer fraction="100"><text>Yes</text></answer><answer fraction="0"><text>No</text></answer>',
  extra = '',
) =>
  `<question type="multichoice"><name><text>Q</text></name><questiontext format="html"><text>${stem}</text>${extra}</questiontext><single>true</single>${answers}</question>`;

describe('Moodle XML', () => {
  it('turns base64 files into media and @@PLUGINFILE@@ links into media: sources', async () => {
    const xml = `<?xml version="1.0"?><quiz>
<question type="multichoice">
  <name><text>Peaked T waves</text></name>
  <questiontext format="html">
    <text><![CDATA[<p>Strip: <img src="@@PLUGINFILE@@/rhythm%20strip.png" alt="ECG"></p>]]></text>
    <file name="rhythm strip.png" path="/" encoding="base64">${png}</file>
    <file name="notes.bmp" path="/" encoding="base64">${Buffer.from('BM not an image').toString('base64')}</file>
  </questiontext>
  <generalfeedback format="html">
    <text><![CDATA[<p>See <img src="@@PLUGINFILE@@/rhythm%20strip.png"></p>]]></text>
    <file name="rhythm strip.png" path="/" encoding="base64">${gif}</file>
  </generalfeedback>
  <single>true</single>
  <answer fraction="100"><text>Calcium</text></answer>
  <answer fraction="-33.3333"><text>Furosemide</text></answer>
</question></quiz>`;
    const { questions, issues } = await parseXml(xml);
    expect(issues).toEqual([
      {
        line: 2,
        field: 'media',
        message: 'The file "notes.bmp" is not PNG, JPEG, GIF, WebP, MP4 or WebM; it was left out',
      },
      {
        line: 2,
        field: 'weight',
        message:
          'The weight of answer B (-33.3333%) was left out: the right answer scores 1 and every other answer 0',
      },
    ]);
    const [q] = questions;
    expect(q?.stem).toBe('<p>Strip: <img src="media:rhythm-strip.png" alt="ECG"></p>');
    // The explanation's file has the same name but other bytes: it gets a name of its own.
    expect(q?.explanation).toBe('<p>See <img src="media:rhythm-strip-2.png"></p>');
    expect(q?.media).toEqual([
      { name: 'rhythm-strip.png', contentType: 'image/png', bytes: pngBytes(7), place: 'STEM' },
      {
        name: 'rhythm-strip-2.png',
        contentType: 'image/gif',
        bytes: new Uint8Array(Buffer.from(gif, 'base64')),
        place: 'EXPLANATION',
      },
    ]);
    expect(q?.choices).toEqual([
      { text: 'Calcium', correct: true },
      { text: 'Furosemide', correct: false },
    ]);
  });

  it('leaves out a question that shows an image from another site, naming it; embedded files still import', async () => {
    const xml = [
      '<quiz>',
      multichoice('<![CDATA[<p>Which rhythm? <img src="https://tracker.example/strip.png?bank=1"></p>]]>'),
      multichoice(
        'Explained',
        '<answer fraction="100"><text>Yes</text></answer><answer fraction="0"><text>No</text></answer>',
      ).replace(
        '<single>',
        '<generalfeedback format="html"><text><![CDATA[<p><img src="//cdn.example.org/a.png"></p>]]></text></generalfeedback><single>',
      ),
      multichoice(
        'In a choice',
        '<answer fraction="100"><text><![CDATA[<img src="http://tracker.example/a.gif">]]></text></answer><answer fraction="0"><text>No</text></answer>',
      ),
      multichoice(
        '<![CDATA[<p>Embedded <img src="@@PLUGINFILE@@/strip.png"></p>]]>',
        undefined,
        `<file name="strip.png" path="/" encoding="base64">${png}</file>`,
      ),
      '</quiz>',
    ].join('\n');
    const { questions, issues } = await parseXml(xml);
    expect(issues).toEqual([
      {
        line: 2,
        field: 'stem',
        message: expect.stringMatching(
          /^The stem shows an image from another site \(https:\/\/tracker\.example\/strip\.png\?bank=1\); /,
        ),
      },
      {
        line: 3,
        field: 'explanation',
        message: expect.stringMatching(
          /^The explanation shows an image from another site \(\/\/cdn\.example\.org\/a\.png\)/,
        ),
      },
      {
        line: 4,
        field: 'choices',
        message: expect.stringMatching(
          /^Answer choice A shows an image from another site \(http:\/\/tracker/,
        ),
      },
    ]);
    // Nothing from elsewhere is kept; the picture the file carries is a media item as before.
    expect(questions).toHaveLength(1);
    expect(questions[0]?.stem).toBe('<p>Embedded <img src="media:strip.png"></p>');
    expect(questions[0]?.media).toEqual([
      { name: 'strip.png', contentType: 'image/png', bytes: pngBytes(7), place: 'STEM' },
    ]);
  });

  it('sets paths from category questions, without $course$ and top, keeping the last three names', async () => {
    const category = (path: string) =>
      `<question type="category"><category><text>${path}</text></category></question>`;
    const { questions } = await parseXml(
      `<quiz>${category('$course$/top/Default for MED101/Cardiology/Valves/Aortic stenosis')}${multichoice('First?')}${category('$system$/top/Acid//base')}${multichoice('Second?')}</quiz>`,
    );
    expect(questions.map((q) => q.path)).toEqual([
      ['Cardiology', 'Valves', 'Aortic stenosis'],
      ['Acid/base'],
    ]);
  });

  it('reads escaped and bare HTML as well as CDATA, and plain-text formats escaped', async () => {
    const { questions } = await parseXml(
      `<quiz>${multichoice('&lt;p&gt;Na&lt;sup&gt;+&lt;/sup&gt; &amp;amp; K&lt;/p&gt;')}${multichoice('<p>Bare <b>HTML</b></p>')}<question type="multichoice"><questiontext format="plain_text"><text>pH &lt; 7</text></questiontext><single>1</single><answer fraction="100.0000000"><text>a</text></answer><answer fraction="0"><text>b</text></answer></question></quiz>`,
    );
    expect(questions.map((q) => q.stem)).toEqual([
      '<p>Na<sup>+</sup> &amp; K</p>',
      '<p>Bare <b>HTML</b></p>',
      'pH &lt; 7',
    ]);
    expect(questions[2]?.choices[0]?.correct).toBe(true);
  });

  it('reports other types in words a teacher knows, multiple-answer multichoice, two keys and a missing stem, and keeps the rest', async () => {
    const xml = [
      '<quiz>',
      '<question type="matching"><questiontext><text>Match</text></questiontext></question>',
      '<question type="multichoice"><questiontext><text>Many</text></questiontext><single>false</single><answer fraction="50"><text>a</text></answer><answer fraction="50"><text>b</text></answer></question>',
      multichoice(
        'Two keys',
        '<answer fraction="100"><text>a</text></answer><answer fraction="100"><text>b</text></answer>',
      ),
      multichoice(''),
      multichoice('Good'),
      '<question type="shortanswer"><questiontext><text>Name it</text></questiontext></question>',
      '<question type="numerical"><questiontext><text>How many</text></questiontext></question>',
      '<question type="essay"><questiontext><text>Discuss</text></questiontext></question>',
      '<question type="hotspot"><questiontext><text>Click</text></questiontext></question>',
      '</quiz>',
    ].join('\n');
    const { questions, issues } = await parseXml(xml);
    expect(questions.map((q) => q.stem)).toEqual(['Good']);
    const only = 'only single-best-answer and true/false questions can be imported';
    expect(issues).toEqual([
      { line: 2, field: 'type', message: `This is a matching question; ${only}` },
      {
        line: 3,
        field: 'type',
        message: `This is a multiple-answer question (more than one answer may be chosen); ${only}`,
      },
      { line: 4, field: 'correct', message: 'A question needs exactly one correct answer; 2 are marked' },
      { line: 5, field: 'stem', message: 'A question needs a stem' },
      { line: 7, field: 'type', message: `This is a short-answer question; ${only}` },
      { line: 8, field: 'type', message: `This is a numerical question; ${only}` },
      { line: 9, field: 'type', message: `This is an essay question; ${only}` },
      { line: 10, field: 'type', message: `This is a Moodle "hotspot" question; ${only}` },
    ]);
  });

  it('reads truefalse questions as two choices, True and False, each answer feedback its explanation', async () => {
    const truefalse = (stem: string, answers: string) =>
      `<question type="truefalse"><name><text>${stem}</text></name><questiontext format="html"><text>${stem}</text></questiontext><generalfeedback format="html"><text>Why.</text></generalfeedback>${answers}</question>`;
    const answer = (fraction: number, word: string, feedback = '') =>
      `<answer fraction="${fraction}" format="moodle_auto_format"><text>${word}</text><feedback format="html"><text>${feedback}</text></feedback></answer>`;
    const xml = [
      '<quiz>',
      truefalse('Assets are debits', answer(100, 'true') + answer(0, 'false')),
      truefalse('Cash is a liability', answer(0, 'true', 'No: the firm owns it.') + answer(100, 'false')),
      truefalse('Listed false first', answer(100, 'false', 'Right.') + answer(0, 'true', 'Wrong.')),
      truefalse('Neither marked', answer(0, 'true') + answer(0, 'false')),
      multichoice(
        'Choice feedback',
        `<answer fraction="100"><text>a</text><feedback><text>Yes</text></feedback></answer><answer fraction="0"><text>b</text><feedback><text></text></feedback></answer>`,
      ),
      '</quiz>',
    ].join('\n');
    const { questions, issues } = await parseXml(xml);
    expect(questions.map((q) => [q.stem, q.explanation, q.choices])).toEqual([
      [
        'Assets are debits',
        'Why.',
        [
          { text: 'True', correct: true },
          { text: 'False', correct: false },
        ],
      ],
      [
        'Cash is a liability',
        'Why.',
        [
          { text: 'True', correct: false, explanation: 'No: the firm owns it.' },
          { text: 'False', correct: true },
        ],
      ],
      [
        'Listed false first',
        'Why.',
        [
          { text: 'True', correct: false, explanation: 'Wrong.' },
          { text: 'False', correct: true, explanation: 'Right.' },
        ],
      ],
      [
        'Choice feedback',
        '',
        [
          { text: 'a', correct: true, explanation: 'Yes' },
          { text: 'b', correct: false },
        ],
      ],
    ]);
    expect(issues).toEqual([
      {
        line: 5,
        field: 'correct',
        message: 'A true/false question needs exactly one of its answers "true" and "false" marked right',
      },
    ]);
  });

  it('lists what a question carries and the product cannot keep: combined feedback, hints, tags, files', async () => {
    const extra = [
      '<correctfeedback format="html"><text>Your answer is correct.</text></correctfeedback>',
      '<partiallycorrectfeedback format="html"><text>Your answer is partially correct.</text></partiallycorrectfeedback>',
      '<incorrectfeedback format="html"><text><![CDATA[<p>Read chapter 3 again.</p>]]></text></incorrectfeedback>',
      '<hint format="html"><text>Think of the ledger.</text></hint>',
      '<hint format="html"><text>Debits left.</text></hint>',
      '<tags><tag><text>week-1</text></tag><tag><text>ledger</text></tag></tags>',
    ].join('');
    const answers = `<answer fraction="100"><text>a</text><feedback format="html"><text><![CDATA[<p>See <img src="@@PLUGINFILE@@/x.png"></p>]]></text><file name="x.png" path="/" encoding="base64">${png}</file></feedback></answer><answer fraction="0"><text>b</text></answer>`;
    const xml = [
      '<quiz>',
      multichoice('Kept', answers).replace('</question>', `${extra}</question>`),
      '</quiz>',
    ].join('\n');
    const { questions, issues } = await parseXml(xml);
    expect(questions).toHaveLength(1);
    // Moodle's own default texts ("Your answer is correct.") say nothing and are not listed.
    expect(issues).toEqual([
      {
        line: 2,
        field: 'media',
        message: 'Files in the feedback on answers are not supported; they were left out',
      },
      {
        line: 2,
        field: 'feedback',
        message:
          "The feedback for a wrong answer was left out: learners see the question's explanation and each choice's own instead. Add it there if they need it",
      },
      {
        line: 2,
        field: 'hint',
        message:
          'The 2 hints were left out: the product shows no hints. Add them to the explanation if learners need them',
      },
      {
        line: 2,
        field: 'tags',
        message:
          'The tags "week-1" and "ledger" were left out: the product files questions by subject, category and subcategory',
      },
    ]);
  });

  it('writes each choice explanation as its answer feedback, and reads it back', async () => {
    const q = buildQuestion({
      choices: [
        { text: 'Right', correct: true, explanation: '<p>Because <b>so</b>.</p>' },
        { text: 'Wrong', correct: false },
      ],
    });
    const xml = toMoodleXml([q]);
    expect(xml).toContain('<![CDATA[<p>Because <b>so</b>.</p>]]>');
    const { questions, issues } = await parseXml(xml);
    expect(issues).toEqual([]);
    expect(questions[0]?.choices).toEqual(q.choices);
  });

  it('names broken XML by line and still reads the questions around it', async () => {
    const xml = [
      '<quiz>',
      multichoice('Before'),
      '<question type="multichoice">',
      '<questiontext><text>Broken</questiontext>',
      '</question>',
      multichoice('After'),
      '</quiz>',
    ].join('\n');
    const { questions, issues } = await parseXml(xml);
    expect(questions.map((q) => q.stem)).toEqual(['Before', 'After']);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ line: 4, field: 'file' });
    expect(issues[0]?.message).toMatch(/^Broken XML: /);
  });

  it('reports a file cut short, a file that is no quiz, and an empty file', async () => {
    const cut = await parseXml(
      `<quiz>\n${multichoice('Kept')}\n<question type="multichoice"><questiontext><text>Cut`,
    );
    expect(cut.questions.map((q) => q.stem)).toEqual(['Kept']);
    expect(cut.issues).toEqual([expect.objectContaining({ line: 3, field: 'file' })]);
    expect((await parseXml('<html><body>hello</body></html>')).issues[0]?.message).toMatch(
      /no <quiz> element/,
    );
    expect((await parseXml('')).issues).toEqual([{ line: 1, field: 'file', message: 'The file is empty' }]);
  });

  it('round-trips a bank: paths, names, references, free samples and inline media', async () => {
    const bank = [
      buildQuestion({
        stem: '<p>ECG <img src="media:strip.png" alt="strip"></p><p>A ]]&gt; B &amp; C</p>',
        explanation: '<p>Video: <video controls src="media:echo.mp4"></video></p>',
        media: [
          { name: 'strip.png', contentType: 'image/png', bytes: pngBytes(1), place: 'STEM' },
          {
            name: 'echo.mp4',
            contentType: 'video/mp4',
            bytes: new Uint8Array([0, 0, 0, 24, ...bytesOf('ftypisom')]),
            place: 'EXPLANATION',
          },
        ],
        freeSample: true,
      }),
      buildQuestion({ name: '', path: ['Nephrology', 'Acid/base'], references: [], reinforcements: [] }),
      buildQuestion({
        path: [],
        choices: buildQuestion().choices.map((c) => ({ ...c, text: `${c.text} &lt; 5` })),
      }),
    ];
    const xml = toMoodleXml(bank);
    expect(xml).toContain('@@PLUGINFILE@@/strip.png');
    expect(xml).toContain('<single>true</single>');
    const { questions, issues } = await parseXml(xml);
    expect(issues).toEqual([]);
    expect(questions.map(content)).toEqual(bank.map(content));
  });

  it('appends media that the HTML does not show inline, so Moodle shows them', async () => {
    const bank = [
      buildQuestion({
        media: [{ name: 'x.png', contentType: 'image/png', bytes: pngBytes(), place: 'STEM' }],
      }),
    ];
    const { questions } = await parseXml(toMoodleXml(bank));
    expect(questions[0]?.stem).toContain('<img src="media:x.png" alt="">');
    expect(questions[0]?.media).toHaveLength(1);
  });
});
