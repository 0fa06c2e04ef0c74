import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildQuestion } from './formats/test-helpers';
import { prepareQuestion } from './prepare';
import { buildPreview, countInvalid, readQuestionFile } from './read';
import { TreeIndex } from './tree';

const sample = (name: string) =>
  new Uint8Array(readFileSync(join(import.meta.dirname, './formats/samples', name)));
const emptyTree = new TreeIndex({ productId: 'p', subjects: [], categories: [], subcategories: [] });

describe('prepareQuestion', () => {
  it('sanitises the HTML as a save would', async () => {
    const { question, issues } = await prepareQuestion(
      buildQuestion({ stem: '<p onclick="x()">Which <script>alert(1)</script>one?</p>' }),
      0,
    );
    expect(issues).toEqual([]);
    expect(question?.stem).toBe('<p>Which one?</p>');
  });

  it('refuses a question whose stem or a choice is empty once sanitised, naming the field', async () => {
    const { question, issues } = await prepareQuestion(
      buildQuestion({
        line: 9,
        stem: '<script>alert(1)</script>',
        choices: [
          { text: 'Yes', correct: true },
          { text: '<iframe src="x"></iframe>', correct: false },
        ],
      }),
      0,
    );
    expect(question).toBeNull();
    expect(issues.map((i) => [i.line, i.field])).toEqual([
      [9, 'stem'],
      [9, 'choices'],
    ]);
  });

  it('refuses what the editor would refuse: a long name, too many references, a tree name on two lines', async () => {
    const { issues } = await prepareQuestion(
      buildQuestion({
        name: 'n'.repeat(201),
        references: Array(51).fill('ref'),
        path: ['Renal', 'AKI\nPrerenal'],
      }),
      0,
    );
    expect(issues.map((i) => i.field)).toEqual(['name', 'references', 'category']);
  });

  it('leaves out a file that is no image or video, with a note, and keeps the question', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    const { question, issues } = await prepareQuestion(
      buildQuestion({
        stem: '<p>See <img src="media:x.svg"> this</p>',
        media: [{ name: 'x.svg', contentType: 'image/png', bytes: svg, place: 'STEM' }],
      }),
      0,
    );
    expect(issues).toEqual([expect.objectContaining({ field: 'media' })]);
    expect(question?.media).toEqual([]);
    expect(question?.stem).toBe('<p>See  this</p>');
  });
});

describe('readQuestionFile', () => {
  it('links the Moodle sample image by its hash and reports progress', async () => {
    const reports: number[][] = [];
    const read = await readQuestionFile('moodle-xml', sample('nephrology-moodle.xml'), async (d, t) => {
      reports.push([d, t]);
    });
    expect(read.invalid).toBe(0);
    const [first] = read.questions;
    expect(first?.media).toEqual([
      expect.objectContaining({
        contentType: 'image/png',
        place: 'STEM',
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
    expect(first?.stem).toContain(`src="/api/v2/media/${first?.media[0]?.hash}"`);
    expect(reports.at(-1)).toEqual([2, 2]);
  });

  it('counts the questions left out once each, not the notes', () => {
    const issues = [
      { line: 1, field: 'header', message: 'Unknown columns were ignored: x' },
      { line: 3, field: 'correct', message: '…' },
      { line: 3, field: 'choices', message: '…' },
      { line: 5, field: 'media', message: 'left out' },
      { line: 7, field: 'file', message: 'Broken CSV' },
      { line: 9, field: 'weight', message: 'The weight of answer B (50%) was left out…' },
      { line: 11, field: 'tags', message: 'The tag "x" was left out…' },
    ];
    expect(countInvalid(issues, new Set([2, 5]))).toBe(2);
  });
});

describe('buildPreview', () => {
  it('groups the valid questions by their filled path, case aside, and says which paths exist', async () => {
    const csv = [
      'subject,category,subcategory,stem,choice_a,choice_b,correct',
      'Cardiology,Valves,Mitral,One?,A,B,A',
      'cardiology,VALVES,mitral,Two?,A,B,A',
      'Renal,AKI,,Three?,A,B,A',
      ',,,Four?,A,B,A',
      'Renal,AKI,,Five?,A,,A',
    ].join('\n');
    const read = await readQuestionFile('csv', new TextEncoder().encode(csv));
    const tree = new TreeIndex({
      productId: 'p',
      subjects: [{ id: 's', name: 'Cardiology', parentId: 'p' }],
      categories: [{ id: 'c', name: 'Valves', parentId: 's' }],
      subcategories: [{ id: 'sc', name: 'Mitral', parentId: 'c' }],
    });
    const preview = buildPreview(read, tree, true);
    expect(preview).toMatchObject({ total: 5, valid: 4, invalid: 1, issueCount: 1 });
    expect(preview.nodes).toEqual([
      { path: [], count: 1, exists: true },
      { path: ['Cardiology', 'Valves', 'Mitral'], count: 2, exists: true },
      { path: ['Renal', 'AKI', 'General'], count: 1, exists: false },
    ]);
    expect(buildPreview(read, emptyTree, true).nodes[1]).toEqual({
      path: ['Cardiology', 'Valves', 'Mitral'],
      count: 2,
      exists: false,
    });
  });

  it('refuses, for an importer who may not add places, the questions filed where the tree has no place', async () => {
    const csv = [
      'subject,category,subcategory,stem,choice_a,choice_b,correct',
      'Cardiology,Valves,Mitral,One?,A,B,A',
      'Cardiology,Valves,Aortic,Two?,A,B,A',
      ',,,Three?,A,B,A',
      'Renal,AKI,,Four?,A,B,A',
      'Renal,AKI,,Five?,A,,A',
    ].join('\n');
    const read = await readQuestionFile('csv', new TextEncoder().encode(csv));
    const tree = new TreeIndex({
      productId: 'p',
      subjects: [{ id: 's', name: 'Cardiology', parentId: 'p' }],
      categories: [{ id: 'c', name: 'Valves', parentId: 's' }],
      subcategories: [{ id: 'sc', name: 'Mitral', parentId: 'c' }],
    });
    const preview = buildPreview(read, tree, false);
    expect(preview).toMatchObject({ total: 5, valid: 2, invalid: 3, issueCount: 3 });
    expect(preview.nodes).toEqual([
      { path: [], count: 1, exists: true },
      { path: ['Cardiology', 'Valves', 'Mitral'], count: 1, exists: true },
    ]);
    expect(preview.issues).toEqual([
      {
        line: 3,
        field: 'subcategory',
        message: expect.stringContaining('The subcategory "Aortic" does not exist under Cardiology › Valves'),
      },
      { line: 5, field: 'subject', message: expect.stringContaining('The subject "Renal" does not exist') },
      { line: 6, field: 'choices', message: 'A question needs at least 2 answer choices' },
    ]);
  });
});
