import { notifications } from '@mantine/notifications';
import { HttpError } from '../lib/http';

/** Tells the user an action failed: what failed as the title, the server's reason (SPEC §8) below it. */
export function notifyError(title: string, error: unknown) {
  const reason =
    error instanceof HttpError && error.serverMessage && error.serverMessage !== 'Unknown'
      ? error.serverMessage
      : 'Please try again in a moment.';
  notifications.show({
    color: 'red',
    title,
    message: reason,
    autoClose: 10_000,
    closeButtonProps: { 'aria-label': 'Dismiss' },
    // Mantine draws the message in its dimmed grey, below the 4.5:1 contrast body text needs.
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
