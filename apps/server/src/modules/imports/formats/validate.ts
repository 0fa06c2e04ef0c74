import { outsideImageMessage, outsideImages } from '../../../lib/rich-text';
import { isBlankHtml } from './text';
import type { ParseIssue, ParseResult, PortableQuestion } from './types';

/** The product's rules for a single-best-answer question; every format is checked against the same ones. */
export const QuestionLimits = {
  choicesMin: 2,
  choicesMax: 10,
  pathMax: 3,
  pathNameMax: 200,
  htmlMax: 100_000,
} as const;

export const letters = 'ABCDEFGHIJ';

const outsideImageRemedy =
  'a question shows only images uploaded to it: carry the image in the file (Moodle XML can) or add it in the editor after importing';

/** Trims what a question file pads (names, path, references) so every format yields the same values. */
export function normalise(question: PortableQuestion): PortableQuestion {
  const clean = (list: string[]) => list.map((s) => s.trim()).filter((s) => s !== '');
  return {
    ...question,
    name: question.name.trim(),
    stem: question.stem.trim(),
    explanation: question.explanation.trim(),
    choices: question.choices.map((c) => {
      const explanation = c.explanation?.trim() ?? '';
      return isBlankHtml(explanation)
        ? { text: c.text.trim(), correct: c.correct }
        : { text: c.text.trim(), correct: c.correct, explanation };
    }),
    references: clean(question.references),
    reinforcements: clean(question.reinforcements),
    path: question.path.map((s) => s.trim()),
  };
}

/** Everything wrong with a (normalised) question; empty when it can be imported. */
export function checkQuestion(q: PortableQuestion): ParseIssue[] {
  const issues: ParseIssue[] = [];
  const add = (field: string, message: string) => issues.push({ line: q.line, field, message });

  if (isBlankHtml(q.stem)) add('stem', 'A question needs a stem');
  if (q.stem.length > QuestionLimits.htmlMax)
    add('stem', `The stem is longer than ${QuestionLimits.htmlMax.toLocaleString('en')} characters`);
  if (q.explanation.length > QuestionLimits.htmlMax)
    add(
      'explanation',
      `The explanation is longer than ${QuestionLimits.htmlMax.toLocaleString('en')} characters`,
    );

  if (q.choices.length < QuestionLimits.choicesMin)
    add('choices', `A question needs at least ${QuestionLimits.choicesMin} answer choices`);
  if (q.choices.length > QuestionLimits.choicesMax)
    add(
      'choices',
      `A question can have at most ${QuestionLimits.choicesMax} answer choices, not ${q.choices.length}`,
    );
  q.choices.forEach((c, i) => {
    if (isBlankHtml(c.text)) add('choices', `Answer choice ${letters[i] ?? i + 1} is empty`);
  });
  // Questions show the product's own media only (docs/decisions/0013-rich-text.md). An image the file links
  // from another site is neither fetched nor kept: the question is left out, naming it, so that a picture it
  // needs is not lost without a word. Images carried in the file itself (Moodle XML's base64 files) are kept.
  const outside = (field: string, where: string, html: string) => {
    const [src] = outsideImages(html);
    if (src !== undefined) add(field, outsideImageMessage(where, src, outsideImageRemedy));
  };
  outside('stem', 'The stem', q.stem);
  outside('explanation', 'The explanation', q.explanation);
  q.choices.forEach((c, i) => {
    outside('choices', `Answer choice ${letters[i] ?? i + 1}`, c.text);
    if (c.explanation)
      outside('choices', `The explanation of answer choice ${letters[i] ?? i + 1}`, c.explanation);
  });
  const correct = q.choices.filter((c) => c.correct).length;
  if (correct === 0) add('correct', 'A question needs exactly one correct answer; none is marked');
  if (correct > 1) add('correct', `A question needs exactly one correct answer; ${correct} are marked`);

  if (q.path.length > QuestionLimits.pathMax)
    add(
      'path',
      `A question sits at most ${QuestionLimits.pathMax} levels deep (subject, category, subcategory)`,
    );
  q.path.forEach((name, i) => {
    const level = ['subject', 'category', 'subcategory'][i] ?? 'path';
    if (name === '') add(level, `The ${level} name is empty but a level below it is given`);
    if (name.length > QuestionLimits.pathNameMax)
      add(level, `The ${level} name is longer than ${QuestionLimits.pathNameMax} characters`);
  });
  return issues;
}

/**
 * Collects one file's questions and issues in file order. A question with any issue is left out, the others
 * are kept; past `maxQuestions` the rest are counted, not kept, and named once.
 */
export class ResultCollector {
  private readonly questions: PortableQuestion[] = [];
  private readonly issues: ParseIssue[] = [];
  private overflowLine: number | null = null;

  constructor(private readonly maxQuestions = Number.POSITIVE_INFINITY) {}

  issue(line: number, field: string, message: string): void {
    this.issues.push({ line, field, message });
  }

  /**
   * Adds the question unless the rules, or `blocking` (what its reader found that keeps it out), say it
   * cannot be imported. Issues that leave the question in (a dropped file) go through `issue` instead.
   */
  add(question: PortableQuestion, blocking: ParseIssue[] = []): void {
    const normalised = normalise(question);
    // The reader's own message is the precise one: a question of the wrong type gets no other, and a rule
    // is not repeated for a field the reader already named.
    const named = new Set(blocking.map((i) => i.field));
    const rules = named.has('type') ? [] : checkQuestion(normalised).filter((i) => !named.has(i.field));
    const issues = [...blocking, ...rules];
    if (issues.length > 0) {
      this.issues.push(...issues);
      return;
    }
    if (this.questions.length >= this.maxQuestions) {
      this.overflowLine ??= question.line;
      return;
    }
    this.questions.push(normalised);
  }

  result(): ParseResult {
    const issues = [...this.issues];
    if (this.overflowLine !== null) {
      issues.push({
        line: this.overflowLine,
        field: 'file',
        message: `The file has more than ${this.maxQuestions} questions; only the first ${this.maxQuestions} were read`,
      });
    }
    issues.sort((a, b) => a.line - b.line);
    return { questions: this.questions, issues };
  }
}
