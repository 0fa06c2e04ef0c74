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

/** A true/false question's two choices, the right one correct. */
export const trueFalseChoices = (isTrue: boolean): PortableChoice[] => [
  { text: 'True', correct: isTrue },
  { text: 'False', correct: !isTrue },
];

/** The field of a note about feedback a question's answers carry and the product cannot keep. */
export const FEEDBACK_FIELD = 'feedback';

/** "A", "A and C", "A, B and D" */
function listOf(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The note for feedback on single answers, which a question cannot keep (it has one explanation, shown
 * whatever the answer): the question still imports, and the preview says what was left out. `answers` names
 * the answers that carry feedback: their letters, or True and False.
 */
export function answerFeedbackNote(answers: string[]): string {
  const which = answers.length === 1 ? `answer ${answers[0]}` : `answers ${listOf(answers)}`;
  return `The feedback on ${which} was left out: a question has one explanation, shown whatever the answer. Add it to the explanation if learners need it`;
}

/** The letters of the choices (by index) that carry feedback. */
export const choiceLetters = (indexes: number[]) => indexes.map((i) => letters[i] ?? String(i + 1));
