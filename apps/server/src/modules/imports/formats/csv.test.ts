import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvTemplate, parseQuestions, toCsv } from './index';
import { buildQuestion, bytesOf, content } from './test-helpers';

const parseCsv = (text: string) => parseQuestions('csv', bytesOf(text));
const header = CSV_COLUMNS.join(',');
/** A row in CSV_COLUMNS order from the given cells. */
const row = (cells: Partial<Record<(typeof CSV_COLUMNS)[number], string>>) =>
  Papa.unparse([CSV_COLUMNS.map((c) => cells[c] ?? '')]);

describe('CSV', () => {
  it('reads the template back as its two example questions, filed where it is told', async () => {
    const { questions, issues } = await parseCsv(csvTemplate(['Accounting', 'Ledgers', 'Accruals']));
    expect(issues).toEqual([]);
    expect(questions).toHaveLength(2);
    expect(questions[0]).toMatchObject({
      path: ['Accounting', 'Ledgers', 'Accruals'],
      freeSample: true,
      line: 2,
      references: ['A source for the answer', 'Another source'],
    });
    expect(questions[0]?.choices.map((c) => c.correct)).toEqual([false, true, false, false]);
    expect(questions[1]?.path).toEqual(['Accounting', 'Ledgers', 'Accruals']);
    expect(questions[1]?.stem).toContain('&lt; and &amp; stay as typed');
  });

  it('takes header names in any case and spacing, in any order, and semicolons as separators', async () => {
    const text =
      'STEM;Choice A;choice-b;Correct;Free_Sample;Subject\r\nWhich ion?;Sodium;Potassium;b;TRUE;Nephrology\r\n';
    const { questions, issues } = await parseCsv(text);
    expect(issues).toEqual([]);
    expect(questions).toEqual([
      expect.objectContaining({
        stem: 'Which ion?',
        choices: [
          { text: 'Sodium', correct: false },
          { text: 'Potassium', correct: true },
        ],
        freeSample: true,
        path: ['Nephrology'],
      }),
    ]);
  });

  it('reads each choice explanation from its column, an older file without them too', async () => {
    const text = [
      'stem,choice_a,choice_b,choice_c,correct,Explanation A,explanation-c,explanation_d',
      'Which ion?,Sodium,Potassium,Calcium,b,<p>Sodium is <b>extracellular</b>.</p>,Plain < text,',
      'Second?,a,b,,A,,,Explains nothing here',
    ].join('\n');
    const { questions, issues } = await parseCsv(text);
    expect(questions.map((q) => q.choices)).toEqual([
      [
        { text: 'Sodium', correct: false, explanation: '<p>Sodium is <b>extracellular</b>.</p>' },
        { text: 'Potassium', correct: true },
        { text: 'Calcium', correct: false, explanation: 'Plain &lt; text' },
      ],
      [
        { text: 'a', correct: true },
        { text: 'b', correct: false },
      ],
    ]);
    // An explanation of a choice the row lacks is not dropped without a word.
    expect(issues).toEqual([
      {
        line: 3,
        field: 'explanation',
        message: 'explanation_d explains a choice the row does not have; left out',
      },
    ]);
    const old = await parseCsv('stem,choice_a,choice_b,correct\nQ?,a,b,A\n');
    expect(old.issues).toEqual([]);
    expect(old.questions[0]?.choices).toEqual([
      { text: 'a', correct: true },
      { text: 'b', correct: false },
    ]);
  });

  it('names unknown columns once and reads the rest', async () => {
    const { questions, issues } = await parseCsv(
      'stem,choice_a,choice_b,correct,difficulty,choice_k\nQ?,a,b,A,hard,x\n',
    );
    expect(questions).toHaveLength(1);
    expect(issues).toEqual([
      { line: 1, field: 'header', message: 'Unknown columns were ignored: "difficulty", "choice_k"' },
    ]);
  });

  it('gives up on a file whose header lacks the needed columns', async () => {
    const { questions, issues } = await parseCsv('question,answer\nWhich?,B\n');
    expect(questions).toEqual([]);
    expect(issues.at(-1)).toMatchObject({ line: 1, field: 'header' });
    expect(issues.at(-1)?.message).toMatch(/lacks the columns stem, choice_a, choice_b, correct/);
  });

  it('reports bad rows by row number and field, skipping blank rows, and keeps the good ones', async () => {
    const text = [
      header,
      row({ stem: 'Bad letter', choice_a: 'a', choice_b: 'b', correct: 'E' }),
      row({ stem: 'One choice', choice_a: 'a', correct: 'A' }),
      row({ stem: '', choice_a: 'a', choice_b: 'b', correct: 'A' }),
      ',,,,,,,,,,,,,,,,,,,',
      row({ stem: 'Gap', choice_a: 'a', choice_c: 'c', correct: 'A' }),
      row({ stem: 'Free?', choice_a: 'a', choice_b: 'b', correct: 'A', free_sample: 'maybe' }),
      row({ stem: 'No key', choice_a: 'a', choice_b: 'b' }),
      row({ category: 'Orphan', stem: 'Path', choice_a: 'a', choice_b: 'b', correct: 'A' }),
      row({ stem: 'Good', choice_a: 'a', choice_b: 'b', correct: 'a', references: ' | Ref 1 |  | Ref 2' }),
    ].join('\n');
    const { questions, issues } = await parseCsv(text);
    expect(questions).toEqual([
      expect.objectContaining({ stem: 'Good', references: ['Ref 1', 'Ref 2'], line: 10 }),
    ]);
    expect(issues).toEqual([
      { line: 2, field: 'correct', message: 'The correct answer must be a letter from A to B, not "E"' },
      { line: 3, field: 'choices', message: 'A question needs at least 2 answer choices' },
      { line: 4, field: 'stem', message: 'A question needs a stem' },
      { line: 6, field: 'choices', message: 'Answer choice B is empty' },
      {
        line: 7,
        field: 'free_sample',
        message: 'free_sample must be yes, no, true, false, 1, 0 or empty, not "maybe"',
      },
      {
        line: 8,
        field: 'correct',
        message: 'The correct column is empty; give the letter of the right answer (A to B)',
      },
      { line: 9, field: 'subject', message: 'The subject name is empty but a level below it is given' },
    ]);
  });

  it('reports a broken quote and an empty file', async () => {
    const broken = await parseCsv(`stem,choice_a,choice_b,correct\nFine?,a,b,A\n"Unclosed,a,b,A\n`);
    expect(broken.questions.map((q) => q.stem)).toEqual(['Fine?']);
    expect(broken.issues).toEqual([expect.objectContaining({ line: 3, field: 'file' })]);
    expect((await parseCsv('')).issues).toEqual([{ line: 1, field: 'file', message: 'The file is empty' }]);
  });

  it('reads Windows-1252 files from older Excel and UTF-8 with a byte order mark', async () => {
    const latin = new Uint8Array([
      ...bytesOf('stem,choice_a,choice_b,correct\nCaf'),
      0xe9,
      ...bytesOf(' au lait?,a,b,A\n'),
    ]);
    expect((await parseQuestions('csv', latin)).questions[0]?.stem).toBe('Café au lait?');
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytesOf('stem,choice_a,choice_b,correct\nQ?,a,b,A\n')]);
    expect((await parseQuestions('csv', bom)).issues).toEqual([]);
  });

  it('round-trips a bank, writing every cell a spreadsheet could run with a quote in front', async () => {
    const bank = [
      buildQuestion(),
      buildQuestion({
        name: '=HYPERLINK("x")',
        path: ['Cardiology'],
        choices: [
          { text: '-5 mm Hg', correct: false },
          { text: '+cmd|calc', correct: true },
          { text: '@SUM(A1)', correct: false },
          { text: "-2+3+cmd|' /C calc'!A0", correct: false },
          { text: '-5', correct: false },
          { text: '+2', correct: false },
          { text: "'=already quoted", correct: false },
        ],
        references: ['=x', '-1'],
        freeSample: true,
      }),
    ];
    const csv = toCsv(bank);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain(",'-5 mm Hg,");
    expect(csv).toContain(",'-2+3+cmd|' /C calc'!A0,");
    expect(csv).toContain(",'-5,'+2,");
    expect(csv).toContain(",''=already quoted,");
    expect(csv).toContain(",'=x | -1,");
    for (const cell of Papa.parse<string[]>(csv).data.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    const { questions, issues } = await parseCsv(csv);
    expect(issues).toEqual([]);
    expect(questions.map(content)).toEqual(bank.map(({ media: _m, ...q }) => content({ ...q, media: [] })));
  });

  it('takes the quote off a guarded cell in a file written by hand too, and keeps any other quote', async () => {
    const text = [
      header,
      row({ stem: "'=Which?", choice_a: "'-5", choice_b: "'+2", choice_c: "'quoted", correct: 'A' }),
    ].join('\n');
    const { questions, issues } = await parseCsv(text);
    expect(issues).toEqual([]);
    expect(questions[0]).toMatchObject({
      stem: '=Which?',
      choices: [{ text: '-5' }, { text: '+2' }, { text: "'quoted" }],
    });
  });

  it('reads a generated 10,000-question file in full', async () => {
    const bank = Array.from({ length: 10_000 }, (_, i) =>
      buildQuestion({
        name: `Question ${i + 1}`,
        path: ['Bank', `Category ${i % 20}`],
        stem: `<p>Stem number ${i + 1}</p>`,
      }),
    );
    const { questions, issues } = await parseCsv(toCsv(bank));
    expect(issues).toEqual([]);
    expect(questions).toHaveLength(10_000);
    expect(questions[9_999]).toMatchObject({ name: 'Question 10000', line: 10_001 });
  });

  it('stops at maxQuestions and says so once', async () => {
    const bank = Array.from({ length: 5 }, (_, i) => buildQuestion({ name: `Q${i}` }));
    const { questions, issues } = await parseQuestions('csv', bytesOf(toCsv(bank)), { maxQuestions: 3 });
    expect(questions.map((q) => q.name)).toEqual(['Q0', 'Q1', 'Q2']);
    expect(issues).toEqual([
      { line: 5, field: 'file', message: 'The file has more than 3 questions; only the first 3 were read' },
    ]);
  });
});
