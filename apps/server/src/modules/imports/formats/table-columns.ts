import { readCell } from './cell-safety';
import { textOrHtmlToHtml } from './text';
import type { ParseIssue, PortableQuestion } from './types';
import { letters } from './validate';

/** The header row of the CSV and XLSX layouts, in order (README.md explains each column to educators). */
export const CSV_COLUMNS = [
  'name',
  'subject',
  'category',
  'subcategory',
  'stem',
  'choice_a',
  'choice_b',
  'choice_c',
  'choice_d',
  'choice_e',
  'choice_f',
  'choice_g',
  'choice_h',
  'choice_i',
  'choice_j',
  'correct',
  'explanation',
  // Each choice's own explanation (why it is right or wrong), optional: older files without them still read.
  'explanation_a',
  'explanation_b',
  'explanation_c',
  'explanation_d',
  'explanation_e',
  'explanation_f',
  'explanation_g',
  'explanation_h',
  'explanation_i',
  'explanation_j',
  'references',
  'reinforcements',
  'free_sample',
] as const;

export type Column = (typeof CSV_COLUMNS)[number];

const choiceColumns = CSV_COLUMNS.filter((c) => c.startsWith('choice_'));
const choiceExplanationColumns = CSV_COLUMNS.filter((c) => c.startsWith('explanation_'));
const required: Column[] = ['stem', 'choice_a', 'choice_b', 'correct'];

/** Where each known column sits in the file's rows. */
export type ColumnMap = Map<Column, number>;

/** "Choice A", "choice-a" and "CHOICE_A" all name choice_a. */
const normaliseHeader = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Maps the header row; null (and an issue) when a column the questions cannot do without is missing. */
export function readHeader(cells: string[], line: number, issues: ParseIssue[]): ColumnMap | null {
  const map: ColumnMap = new Map();
  const unknown: string[] = [];
  cells.forEach((cell, index) => {
    const name = normaliseHeader(cell);
    if (name === '') return;
    const column = CSV_COLUMNS.find((c) => c === name);
    if (!column) unknown.push(cell.trim());
    else if (map.has(column))
      issues.push({
        line,
        field: 'header',
        message: `The column "${column}" appears twice; the first one was read`,
      });
    else map.set(column, index);
  });
  if (unknown.length > 0) {
    const list = unknown.map((u) => `"${u}"`).join(', ');
    issues.push({ line, field: 'header', message: `Unknown columns were ignored: ${list}` });
  }
  const missing = required.filter((c) => !map.has(c));
  if (missing.length > 0) {
    const message = `The header row lacks the columns ${missing.join(', ')}; the first row must name the columns (see the template)`;
    issues.push({ line, field: 'header', message });
    return null;
  }
  return map;
}

const freeSampleValues: Record<string, boolean> = {
  '': false,
  yes: true,
  no: false,
  true: true,
  false: false,
  '1': true,
  '0': false,
};

/** References and reinforcements: several in one cell, separated by " | " or by line breaks. */
const splitList = (cell: string) => cell.split(/\s*\|\s*|\r\n|\r|\n/);

/**
 * One row as a question with the issues only the row can tell; null for a row with nothing in it. A cell
 * the writers guarded with a quote in front (cell-safety.ts) is read without it, in CSV and Excel alike.
 */
export function readRow(
  cells: string[],
  map: ColumnMap,
  row: number,
): { question: PortableQuestion; blocking: ParseIssue[]; notes: ParseIssue[] } | null {
  if (cells.every((c) => c.trim() === '')) return null;
  const cell = (column: Column) => {
    const index = map.get(column);
    return index === undefined ? '' : readCell(cells[index] ?? '').trim();
  };
  const blocking: ParseIssue[] = [];
  const notes: ParseIssue[] = [];

  const filled = choiceColumns.map(cell);
  const count = filled.reduce((last, text, i) => (text === '' ? last : i + 1), 0);
  const whys = choiceExplanationColumns.map(cell);
  // An explanation of a choice the row does not have would be lost without a word: say so.
  const orphans = whys.flatMap((why, i) => (why !== '' && i >= count ? [letters[i] ?? ''] : []));
  if (orphans.length > 0) {
    const which = orphans.map((l) => `explanation_${l.toLowerCase()}`).join(', ');
    notes.push({
      line: row,
      field: 'explanation',
      message: `${which} ${orphans.length === 1 ? 'explains a choice' : 'explain choices'} the row does not have; left out`,
    });
  }
  const correct = cell('correct').toUpperCase();
  const correctIndex = correct.length === 1 ? letters.indexOf(correct) : -1;
  if (correctIndex < 0 || correctIndex >= Math.max(count, 2)) {
    const range = `A to ${letters[Math.max(count, 2) - 1]}`;
    const message =
      correct === ''
        ? `The correct column is empty; give the letter of the right answer (${range})`
        : `The correct answer must be a letter from ${range}, not "${cell('correct')}"`;
    blocking.push({ line: row, field: 'correct', message });
  }

  const freeSample = freeSampleValues[cell('free_sample').toLowerCase()];
  if (freeSample === undefined) {
    const message = `free_sample must be yes, no, true, false, 1, 0 or empty, not "${cell('free_sample')}"`;
    blocking.push({ line: row, field: 'free_sample', message });
  }

  const path = [cell('subject'), cell('category'), cell('subcategory')];
  while (path.length > 0 && path.at(-1) === '') path.pop();

  const question: PortableQuestion = {
    name: cell('name'),
    stem: textOrHtmlToHtml(cell('stem')),
    explanation: textOrHtmlToHtml(cell('explanation')),
    choices: filled.slice(0, count).map((text, i) => ({
      text: textOrHtmlToHtml(text),
      correct: i === correctIndex,
      explanation: textOrHtmlToHtml(whys[i] ?? ''),
    })),
    references: splitList(cell('references')),
    reinforcements: splitList(cell('reinforcements')),
    path,
    freeSample: freeSample ?? false,
    media: [],
    line: row,
  };
  return { question, blocking, notes };
}

/**
 * One question as a row, in CSV_COLUMNS order; media do not travel in tables. The cells are as the question
 * holds them: each writer passes them through safeCell (cell-safety.ts) on the way out.
 */
export function writeRow(q: PortableQuestion): string[] {
  const choices = choiceColumns.map((_, i) => q.choices[i]?.text ?? '');
  const correct = letters[q.choices.findIndex((c) => c.correct)] ?? '';
  return [
    q.name,
    q.path[0] ?? '',
    q.path[1] ?? '',
    q.path[2] ?? '',
    q.stem,
    ...choices,
    correct,
    q.explanation,
    ...choiceExplanationColumns.map((_, i) => q.choices[i]?.explanation ?? ''),
    q.references.join(' | '),
    q.reinforcements.join(' | '),
    q.freeSample ? 'yes' : 'no',
  ];
}
