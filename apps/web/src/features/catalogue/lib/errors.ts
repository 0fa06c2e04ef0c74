import { HttpError } from '../../../lib/http';

/**
 * The server's word about a name: a taken one (409 naming `name`) or one its rules refuse (400 naming `name`).
 * Null for anything else, which is not the field's to show.
 */
export function nameErrorOf(error: unknown): string | null {
  if (!(error instanceof HttpError) || error.field !== 'name') return null;
  return error.statusCode === 409 || error.statusCode === 400 ? error.serverMessage : null;
}

/** Why a change failed, in a sentence: the server's reason, else a plea to try again. */
export function reasonOf(error: unknown): string {
  if (error instanceof HttpError && error.serverMessage && error.serverMessage !== 'Unknown')
    return error.serverMessage.replace(/([^.!?])$/, '$1.');
  return 'The server could not be reached; please try again in a moment.';
}
