import { Button, Group, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useBlocker } from 'react-router';
import { Dialog } from '../../../components/dialog';

/**
 * Asks before leaving a page with unsaved changes: in the app (React Router's blocker, a dialog) and when the
 * tab closes or reloads (the browser's own prompt).
 */
export function LeaveGuard({ when }: { when: () => boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return currentLocation.pathname !== nextLocation.pathname && when();
  });
  useWindowEvent('beforeunload', (e) => {
    if (when()) e.preventDefault();
  });
  return (
    <Dialog
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
    >
      <Text>Your changes to this question have not been saved. If you leave now they are lost.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          Stay and keep editing
        </Button>
        <Button color="red.9" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </Group>
    </Dialog>
  );
}
