import type { PortableChoice } from './types';
import { letters } from './validate';

/**
 * What the readers say about the kinds of question a file may hold. The product keeps single-best-answer
 * questions; a true/false question is one with two choices, "True" and "False". Every other kind is named to
 * the teacher in words they know, per question, with the field `type`.
 */

/** What the product imports, as the messages say it. */
const IMPORTED = 'only single-best-answer and true/false questions can be imported';

/** "This is a matching question; only single-best-answer and true/false questions can be imported". */
export const unsupportedKind = (kind: string) => `This is ${kind}; ${IMPORTED}`;

/** A true/false question's two choices, the right one correct, each with its feedback as its explanation. */
export const trueFalseChoices = (isTrue: boolean, onTrue = '', onFalse = ''): PortableChoice[] => [
  { text: 'True', correct: isTrue, explanation: onTrue },
  { text: 'False', correct: !isTrue, explanation: onFalse },
];

/** The field of a note about feedback a question carries and the product cannot keep. */
export const FEEDBACK_FIELD = 'feedback';

/** "A", "A and C", "A, B and D" */
export function listOf(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The field of a note about answers' weights (partial credit, penalties), which the product cannot keep. */
export const WEIGHT_FIELD = 'weight';

/**
 * The note for answers worth part of the credit, or a penalty, beside the one right answer: the product
 * scores one answer right and the others 0, so the weights are left out and the question still imports.
 * `answers` are the answers' letters with their weights, e.g. ["B (50%)", "C (-25%)"].
 */
export function partialCreditNote(answers: string[]): string {
  const which = answers.length === 1 ? `answer ${answers[0]}` : `answers ${listOf(answers)}`;
  return `The weight of ${which} was left out: the right answer scores 1 and every other answer 0`;
}

/** The letters of the choices (by index). */
export const choiceLetters = (indexes: number[]) => indexes.map((i) => letters[i] ?? String(i + 1));

/**
 * The fields of notes about what a question carries and the product cannot keep (the question still
 * imports): answer weights, Moodle's combined feedback, hints and tags, QTI's rubrics and templates.
 */
export const NOTE_FIELDS = [FEEDBACK_FIELD, WEIGHT_FIELD, 'hint', 'tags', 'rubric', 'template'] as const;
