import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, parseQuestions, toMoodleXml, toQti3Zip } from './index';
import { bytesOf, content } from './test-helpers';

const dir = join(import.meta.dirname, 'samples');
const sample = (name: string) => new Uint8Array(readFileSync(join(dir, name)));

// The samples are offered to educators as downloads: each must import cleanly and as itself.
describe('sample files', () => {
  it.each([
    ['cardiology.gift', 'gift', 3],
    ['endocrinology-aiken.txt', 'aiken', 3],
    ['nephrology-moodle.xml', 'moodle-xml', 2],
    ['nephrology-qti.zip', 'qti', 2],
    ['questions.csv', 'csv', 4],
    ['questions.xlsx', 'xlsx', 4],
  ] as const)('%s is detected as %s and imports %i questions without issues', async (name, format, count) => {
    const bytes = sample(name);
    expect(detectFormat(name, bytes)).toBe(format);
    const { questions, issues } = await parseQuestions(format, bytes);
    expect(issues).toEqual([]);
    expect(questions).toHaveLength(count);
  });

  it('has no sample without a test above', () => {
    expect(readdirSync(dir).sort()).toEqual([
      'cardiology.gift',
      'endocrinology-aiken.txt',
      'nephrology-moodle.xml',
      'nephrology-qti.zip',
      'questions.csv',
      'questions.xlsx',
    ]);
  });

  it('keeps the XLSX sample the same bank as the CSV sample', async () => {
    const csv = await parseQuestions('csv', sample('questions.csv'));
    const xlsx = await parseQuestions('xlsx', sample('questions.xlsx'));
    expect(xlsx.questions.map(content)).toEqual(csv.questions.map(content));
  });

  it('keeps the QTI sample the same bank as the Moodle sample (it is its export)', async () => {
    const moodle = await parseQuestions('moodle-xml', sample('nephrology-moodle.xml'));
    const qti = await parseQuestions('qti', sample('nephrology-qti.zip'));
    expect(qti.questions.map(content)).toEqual(moodle.questions.map(content));
    expect(qti.questions.flatMap((q) => q.choices.filter((c) => c.explanation))).not.toEqual([]);
  });

  it('brings the Moodle sample image in as a STEM media item', async () => {
    const { questions } = await parseQuestions('moodle-xml', sample('nephrology-moodle.xml'));
    expect(questions[0]?.media).toEqual([
      expect.objectContaining({ name: 'rhythm-strip.png', contentType: 'image/png', place: 'STEM' }),
    ]);
    expect(questions[0]?.stem).toContain('src="media:rhythm-strip.png"');
  });

  it.each([
    ['cardiology.gift', 'gift'],
    ['endocrinology-aiken.txt', 'aiken'],
    ['questions.csv', 'csv'],
    ['nephrology-moodle.xml', 'moodle-xml'],
  ] as const)('%s round-trips through Moodle XML', async (name, format) => {
    const first = await parseQuestions(format, sample(name));
    const again = await parseQuestions('moodle-xml', bytesOf(toMoodleXml(first.questions)));
    expect(again.issues).toEqual([]);
    expect(again.questions.map(content)).toEqual(first.questions.map(content));
  });

  it.each([
    ['cardiology.gift', 'gift'],
    ['endocrinology-aiken.txt', 'aiken'],
    ['questions.csv', 'csv'],
    ['nephrology-moodle.xml', 'moodle-xml'],
  ] as const)('%s round-trips through a QTI 3.0 package', async (name, format) => {
    const first = await parseQuestions(format, sample(name));
    const again = await parseQuestions('qti', await toQti3Zip(first.questions, { title: name }));
    expect(again.issues).toEqual([]);
    expect(again.questions.map(content)).toEqual(first.questions.map(content));
  });
});
