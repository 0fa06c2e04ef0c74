import { describe, expect, it } from 'vitest';
import { parseQuestions, toMoodleXml } from './index';
import { bytesOf, content } from './test-helpers';

const parseAiken = (text: string) => parseQuestions('aiken', bytesOf(text));

describe('Aiken', () => {
  it('reads A. and A) choices, the ANSWER line, and a stem over several lines', async () => {
    const { questions, issues } = await parseAiken(
      'A 45-year-old woman has weight loss and tremor.\nWhich is the most likely diagnosis?\nA) Graves disease\nB) Hashimoto thyroiditis\nANSWER: A\n\nIs pH < 7.35 acidaemia?\nA. Yes\nB. No & never\nANSWER: a\n',
    );
    expect(issues).toEqual([]);
    expect(questions).toEqual([
      expect.objectContaining({
        stem: 'A 45-year-old woman has weight loss and tremor.<br>Which is the most likely diagnosis?',
        choices: [
          { text: 'Graves disease', correct: true },
          { text: 'Hashimoto thyroiditis', correct: false },
        ],
        path: [],
        line: 1,
      }),
      expect.objectContaining({
        stem: 'Is pH &lt; 7.35 acidaemia?',
        choices: [
          { text: 'Yes', correct: true },
          { text: 'No &amp; never', correct: false },
        ],
        line: 7,
      }),
    ]);
  });

  it('names bad blocks by line and keeps the good ones', async () => {
    const text = [
      'Wrong letter?\nA. x\nB. y\nANSWER: F',
      'One choice?\nA. only\nANSWER: A',
      'No answer line?\nA. x\nB. y',
      `Eleven?\n${'ABCDEFGHIJK'
        .split('')
        .map((l) => `${l}. choice ${l}`)
        .join('\n')}\nANSWER: A`,
      'Out of order?\nA. x\nC. y\nANSWER: A',
      'A. no stem\nB. at all\nANSWER: A',
      'Good one?\nA. yes\nB. no\nANSWER: A',
    ].join('\n\n');
    const { questions, issues } = await parseAiken(text);
    expect(questions.map((q) => q.stem)).toEqual(['Good one?']);
    expect(issues).toEqual([
      { line: 4, field: 'correct', message: 'The answer F is not one of the choices (A–B)' },
      { line: 6, field: 'choices', message: 'A question needs at least 2 answer choices' },
      { line: 10, field: 'correct', message: 'The question has no "ANSWER:" line after its choices' },
      { line: 14, field: 'choices', message: 'A question can have at most 10 answer choices, not 11' },
      { line: 30, field: 'choices', message: 'Choice B was expected here, not C' },
      { line: 33, field: 'stem', message: 'A question needs a stem' },
    ]);
  });

  it('reports an empty file', async () => {
    expect((await parseAiken('')).issues).toEqual([{ line: 1, field: 'file', message: 'The file is empty' }]);
  });

  it('round-trips through Moodle XML', async () => {
    const first = await parseAiken('Which electrolyte?\nA. Sodium\nB. Potassium\nC. Chloride\nANSWER: B');
    const again = await parseQuestions('moodle-xml', bytesOf(toMoodleXml(first.questions)));
    expect(again.issues).toEqual([]);
    expect(again.questions.map(content)).toEqual(first.questions.map(content));
  });
});
