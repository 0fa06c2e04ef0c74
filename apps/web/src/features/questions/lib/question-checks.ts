import { schemaResolver } from '@mantine/form';
import { type QuestionStatus, questionInput } from '@qbank/contract';
import type { ReactNode } from 'react';
import { isBlankHtml, type QuestionFormValues } from './question-form';

const checkInput = schemaResolver(questionInput, { sync: true });

/** The contract's rules, plus what rich text hides from them: a stem or choice of empty paragraphs is empty. */
export function validateQuestion(values: QuestionFormValues) {
  const errors: Record<string, ReactNode> = { ...checkInput(values) };
  if (isBlankHtml(values.questionStem)) errors.questionStem = 'Write the question stem';
  values.answerChoices.forEach((c, i) => {
    if (isBlankHtml(c.text)) errors[`answerChoices.${i}.text`] = 'Write this choice or remove it';
  });
  return errors;
}

/** A question past Draft (and not deleted) names its correct answer. */
export const needsCorrectAnswer = (s: QuestionStatus) => s !== 'DRAFT' && s !== 'DELETED';

/** Moves the keyboard to the first field in error, so a failed save says where to look. */
export const focusFirstError = () =>
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('[aria-invalid="true"], [data-error="true"] input')?.focus(),
  );
