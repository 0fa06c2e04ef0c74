import { describe, expect, it } from 'vitest';
import { parseQuestions } from './index';
import { bytesOf } from './test-helpers';

const parseGift = (text: string) => parseQuestions('gift', bytesOf(text));

describe('GIFT', () => {
  it('reads titles, right and wrong answers, the explanation and $CATEGORY paths', async () => {
    const { questions, issues } = await parseGift(`// notes for the author

$CATEGORY: $course$/top/Bank/Cardiology/Arrhythmias/Atrial fibrillation

::AF::[html]<p>Palpitations, irregular rhythm at 142/min?</p>{
=Diltiazem
~Adenosine
####<p>Rate control <b>first</b>.</p>
}

Is pH < 7.30 acidaemia? {=Yes ~No}`);
    expect(issues).toEqual([]);
    expect(questions).toHaveLength(2);
    expect(questions[0]).toMatchObject({
      name: 'AF',
      stem: '<p>Palpitations, irregular rhythm at 142/min?</p>',
      explanation: '<p>Rate control <b>first</b>.</p>',
      choices: [
        { text: 'Diltiazem', correct: true },
        { text: 'Adenosine', correct: false },
      ],
      path: ['Cardiology', 'Arrhythmias', 'Atrial fibrillation'],
      line: 5,
    });
    expect(questions[1]).toMatchObject({ name: '', stem: 'Is pH &lt; 7.30 acidaemia?', line: 11 });
    expect(questions[1]?.path).toEqual(['Cardiology', 'Arrhythmias', 'Atrial fibrillation']);
  });

  it('escapes [markdown] and [plain] text rather than rendering it', async () => {
    const { questions } = await parseGift('[markdown]**Which** <drug>? {=A ~B}');
    expect(questions[0]?.stem).toBe('**Which** &lt;drug&gt;?');
  });

  it('keeps an answer block that runs over a blank line together', async () => {
    const { questions, issues } = await parseGift('Which one? {\n=Right\n\n~Wrong\n}');
    expect(issues).toEqual([]);
    expect(questions[0]?.choices).toHaveLength(2);
  });

  it('names a truncated question by its line and still reads the others', async () => {
    const { questions, issues } = await parseGift(
      'First? {=a ~b}\n\n::Cut:: Second? {=a ~b\n\nThird? {=c ~d}',
    );
    expect(questions.map((q) => q.stem)).toEqual(['First?', 'Third?']);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ line: 3, field: 'file' });
    expect(issues[0]?.message).toMatch(/GIFT syntax error/);
  });

  it('reports other question types by their type in words a teacher knows, and the rules by field', async () => {
    const { questions, issues } = await parseGift(
      [
        'Match them {=a -> 1 =b -> 2 =c -> 3}',
        'Pick two {~%50%a ~%50%b ~%-100%c}',
        'Only one {=a}',
        'Two keys {=a =b ~c}',
        '{=a ~b}',
        `Eleven {=a ${'~x '.repeat(10)}}`,
        'How many? {#4}',
        'Tell us why. {}',
      ].join('\n\n'),
    );
    expect(questions).toEqual([]);
    const only = 'only single-best-answer and true/false questions can be imported';
    expect(issues).toEqual([
      { line: 1, field: 'type', message: `This is a matching question; ${only}` },
      {
        line: 3,
        field: 'type',
        message: `This is a multiple-answer question (its answers share the credit); ${only}`,
      },
      // In GIFT, "=" answers alone make a short-answer question, not a one-choice multiple choice.
      { line: 5, field: 'type', message: `This is a short-answer question; ${only}` },
      { line: 7, field: 'correct', message: 'A question needs exactly one correct answer; 2 are marked' },
      { line: 9, field: 'stem', message: 'A question needs a stem' },
      { line: 11, field: 'choices', message: 'A question can have at most 10 answer choices, not 11' },
      { line: 13, field: 'type', message: `This is a numerical question; ${only}` },
      { line: 15, field: 'type', message: `This is an essay question; ${only}` },
    ]);
  });

  it('reads true/false questions as two choices, True and False, the right one correct', async () => {
    const { questions, issues } = await parseGift(
      [
        '$CATEGORY: Ledger/Accruals',
        '::T::Accrued revenue is an asset. {T}',
        'Cash is a liability. {FALSE####Cash is an asset.}',
        'Equity equals assets minus liabilities. {TRUE}',
        "Depreciation raises an asset's value. {F}",
      ].join('\n\n'),
    );
    expect(issues).toEqual([]);
    const trueRight = [
      { text: 'True', correct: true },
      { text: 'False', correct: false },
    ];
    const falseRight = [
      { text: 'True', correct: false },
      { text: 'False', correct: true },
    ];
    expect(questions.map((q) => q.choices)).toEqual([trueRight, falseRight, trueRight, falseRight]);
    expect(questions[0]).toMatchObject({
      name: 'T',
      stem: 'Accrued revenue is an asset.',
      path: ['Ledger', 'Accruals'],
      line: 3,
    });
    expect(questions[1]?.explanation).toBe('Cash is an asset.');
  });

  it('keeps feedback on single answers as the explanations of their choices', async () => {
    const { questions, issues } = await parseGift(
      [
        'Cash is a liability. {FALSE#Look again, what does the firm own?#Right.}',
        'Equity is an asset. {F#Not quite.}',
        'Cash is an asset. {T##Yes}',
        'Which is an asset? {=Cash#Yes ~Debt ~Equity#Owned by the <i>owners</i>}',
        'Which is a liability? {=Debt ~Cash#}',
      ].join('\n\n'),
    );
    expect(issues).toEqual([]);
    // The first feedback is for the wrong answer, the second for the right one, as in Moodle: each becomes
    // the explanation of the choice it is shown for.
    expect(questions.map((q) => q.choices)).toEqual([
      [
        { text: 'True', correct: false, explanation: 'Look again, what does the firm own?' },
        { text: 'False', correct: true, explanation: 'Right.' },
      ],
      [
        { text: 'True', correct: false, explanation: 'Not quite.' },
        { text: 'False', correct: true },
      ],
      [
        { text: 'True', correct: true, explanation: 'Yes' },
        { text: 'False', correct: false },
      ],
      [
        { text: 'Cash', correct: true, explanation: 'Yes' },
        { text: 'Debt', correct: false },
        { text: 'Equity', correct: false, explanation: 'Owned by the <i>owners</i>' },
      ],
      // "#" with nothing after it says nothing.
      [
        { text: 'Debt', correct: true },
        { text: 'Cash', correct: false },
      ],
    ]);
  });

  it('lists the weights of answers beside the right one, which a question cannot keep, as a note', async () => {
    const { questions, issues } = await parseGift(
      ['Which? {=Right ~%50%Almost ~%-25%Bad ~Wrong}', 'Other? {=a ~b}'].join('\n\n'),
    );
    expect(questions.map((q) => q.choices.map((c) => c.correct))).toEqual([
      [true, false, false, false],
      [true, false],
    ]);
    expect(issues).toEqual([
      {
        line: 1,
        field: 'weight',
        message:
          'The weight of answers B (50%) and C (-25%) was left out: the right answer scores 1 and every other answer 0',
      },
    ]);
  });

  it('leaves out a question whose HTML shows an image from another site, naming it', async () => {
    // GIFT escapes its own marks (= : # ~ { }) with a backslash, also inside HTML.
    const { questions, issues } = await parseGift(
      [
        '::Pixel::[html]<p>Which? <img src\\="https\\://tracker.example/p.gif"></p>{=a ~b}',
        "[html]Why? {=a ~b ####<p><img src\\='HTTPS\\://cdn.example.org/x.png'></p>}",
        'Kept? {=a ~b}',
      ].join('\n\n'),
    );
    expect(questions.map((q) => q.stem)).toEqual(['Kept?']);
    expect(issues).toEqual([
      {
        line: 1,
        field: 'stem',
        message: expect.stringContaining(
          'The stem shows an image from another site (https://tracker.example/p.gif)',
        ),
      },
      {
        line: 3,
        field: 'explanation',
        message: expect.stringContaining(
          'The explanation shows an image from another site (HTTPS://cdn.example.org/x.png)',
        ),
      },
    ]);
  });

  it('treats a full-credit weight as the right answer', async () => {
    const { questions } = await parseGift('Which? {~%100%Right ~Wrong}');
    expect(questions[0]?.choices.map((c) => c.correct)).toEqual([true, false]);
  });

  it('reports an empty file', async () => {
    expect(await parseGift('')).toEqual({
      questions: [],
      issues: [{ line: 1, field: 'file', message: 'The file is empty' }],
    });
    expect((await parseGift('  \n\n')).issues[0]?.message).toBe('The file is empty');
  });
});
