import { Messages } from '@qbank/contract';
import { HttpError } from './http';

/** What the forms need of a @mantine/form form to show a server's answer on a field. */
interface FieldErrorTarget {
  getValues(): object;
  setFieldError(path: string, error: string): void;
}

/**
 * A server 400 that names a field (the error body's `field`, DESIGN.md §4) lands under that field, like the
 * browser's own check of the same rule would. `fields` maps a request field to the form's name for it where
 * they differ (registration sends the e-mail as `username`). Answers whether it did; the caller shows
 * anything else as a message of the whole form.
 */
export function showServerFieldError(
  form: FieldErrorTarget,
  error: unknown,
  fields: Record<string, string> = {},
): boolean {
  if (!(error instanceof HttpError) || error.statusCode !== 400 || !error.field) return false;
  const field = fields[error.field] ?? error.field;
  if (!(field in form.getValues())) return false;
  form.setFieldError(field, error.serverMessage);
  return true;
}

/** What a form shows of a failure that is not about one field: the server's message, or that it was not reached. */
export const formErrorMessage = (error: unknown): string =>
  error instanceof HttpError ? error.serverMessage : Messages.loginNetwork;
