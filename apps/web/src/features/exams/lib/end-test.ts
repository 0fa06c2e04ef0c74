import { HttpError } from '../../../lib/http';
import { failureOf } from './queue-items';

/** Ending waits for every answer to reach the server; this says why it did not end when some have not. */
export const UNSENT_ANSWERS_MESSAGE =
  'Some of your answers have not reached the server yet. Check your connection and try again: nothing is lost.';

/**
 * Why ending the test failed, in words for the End test dialog; null when the test has ended anyway (the
 * server's clock ran out first), so the review opens.
 */
export function endFailureMessage(error: unknown): string | null {
  const failure = failureOf(error, null);
  if (failure === 'ended') return null;
  if (failure === 'retry') return 'The server could not be reached. Check your connection and try again.';
  return error instanceof HttpError ? error.serverMessage : 'Please try again.';
}
