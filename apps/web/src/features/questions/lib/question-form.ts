import {
  CHOICES_MAX,
  CHOICES_MIN,
  type Question,
  type QuestionInput,
  type QuestionStatus,
} from '@qbank/contract';
import { newUuid } from '../../../lib/uuid';

export interface ChoiceValue {
  /** Made in the browser and kept across edits, so statistics per choice survive rewording and reordering. */
  uuid: string;
  text: string;
  /** Why this choice is right or wrong (rich text, optional: '' when none). */
  explanation: string;
}

/** The editor's form: the contract's question input as the fields hold it (the lists as lines as typed). */
export interface QuestionFormValues {
  uuid: string;
  productUuid: string;
  name: string;
  questionStem: string;
  explanation: string;
  answerChoices: ChoiceValue[];
  correctAnswerChoice: string | null;
  references: string[];
  reinforcements: string[];
  subcategoryUuid: string | null;
  freeSample: boolean;
}

export const newChoice = (): ChoiceValue => ({ uuid: newUuid(), text: '', explanation: '' });

/** A new question: its uuid made once here, so a retried save of it creates nothing new. */
export function blankQuestion(productUuid: string): QuestionFormValues {
  return {
    uuid: newUuid(),
    productUuid,
    name: '',
    questionStem: '',
    explanation: '',
    answerChoices: Array.from({ length: 4 }, newChoice),
    correctAnswerChoice: null,
    references: [],
    reinforcements: [],
    subcategoryUuid: null,
    freeSample: false,
  };
}

export function formValuesOf(q: Question): QuestionFormValues {
  return {
    uuid: q.uuid,
    productUuid: q.productUuid,
    name: q.name,
    questionStem: q.questionStem,
    explanation: q.explanation,
    answerChoices: q.answerChoices.map((c) => ({ uuid: c.uuid, text: c.text, explanation: c.explanation })),
    correctAnswerChoice: q.correctAnswerChoice,
    references: q.references,
    reinforcements: q.reinforcements,
    subcategoryUuid: q.subcategoryUuid,
    freeSample: q.freeSample,
  };
}

/** Empty lines are dropped (SPEC §5) and the others trimmed: the contract does the same on the server. */
export const keptLines = (lines: readonly string[]) => lines.map((l) => l.trim()).filter((l) => l !== '');

/** The body of the save. */
export function questionInputOf(
  values: QuestionFormValues,
  status: QuestionStatus,
  baseVersion?: number,
): QuestionInput {
  return {
    ...values,
    name: values.name.trim(),
    status,
    references: keptLines(values.references),
    reinforcements: keptLines(values.reinforcements),
    ...(baseVersion === undefined ? {} : { baseVersion }),
  };
}

/** The body that moves a saved question to another status unchanged (the review view's actions). */
export function statusChangeOf(q: Question, status: QuestionStatus): QuestionInput {
  return questionInputOf(formValuesOf(q), status, q.version);
}

export const canAddChoice = (choices: readonly unknown[]) => choices.length < CHOICES_MAX;
export const canRemoveChoice = (choices: readonly unknown[]) => choices.length > CHOICES_MIN;

/** The choice at `from` moved to `to`, the others keeping their order. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

/** A learner sees choices as A–J. */
export const choiceLetter = (index: number) => String.fromCharCode(65 + index);

/** Whether rich text holds anything a reader would see (text or an image). */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';
}
