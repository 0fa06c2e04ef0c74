import '@mantine/notifications/styles.css';
import { Notifications, notifications } from '@mantine/notifications';

export { Notifications };

/** Shows a failure: the title says what failed, the message why. */
export function showError(title: string, message: string) {
  notifications.show({
    color: 'red',
    title,
    message,
    autoClose: 10_000,
    closeButtonProps: { 'aria-label': 'Dismiss' },
    // Mantine draws the message in its dimmed grey, below the 4.5:1 contrast body text needs.
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
