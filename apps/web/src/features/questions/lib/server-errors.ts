import { HttpError } from '../../../lib/http';

interface FieldErrorTarget {
  getValues(): object;
  setFieldError(path: string, error: string): void;
}

/**
 * A server 400 that names a field lands on it, also a field inside a list (`answerChoices.1.text`). Answers
 * whether it did; anything else is the caller's to show as a message of the whole form.
 */
export function showQuestionFieldError(form: FieldErrorTarget, error: unknown): boolean {
  if (!(error instanceof HttpError) || error.statusCode !== 400 || !error.field) return false;
  const top = error.field.split('.')[0]!;
  if (!(top in form.getValues())) return false;
  form.setFieldError(error.field, error.serverMessage);
  return true;
}

/** A save refused because someone saved a newer version since this one was opened. */
export const isVersionConflict = (error: unknown) =>
  error instanceof HttpError && error.statusCode === 409 && error.field === 'baseVersion';
