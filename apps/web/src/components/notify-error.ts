import { HttpError } from '../lib/http';

type Listener = () => void;
const listeners = new Set<Listener>();
let wanted = false;

/**
 * Whether a notification has been asked for yet: Mantine's notifications (and their styles) load only then, so
 * pages that never notify do not carry them (see NotificationsOutlet).
 */
export const notificationsWanted = {
  get: () => wanted,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Tells the user an action failed: what failed as the title, the server's reason (SPEC §8) below it. */
export function notifyError(title: string, error: unknown) {
  const reason =
    error instanceof HttpError && error.serverMessage && error.serverMessage !== 'Unknown'
      ? error.serverMessage
      : 'Please try again in a moment.';
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  void import('./notifications').then(({ showError }) => showError(title, reason));
}
