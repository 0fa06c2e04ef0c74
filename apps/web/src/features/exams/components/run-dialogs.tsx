import { Alert, Button, Group, Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { SHORTCUTS } from '../lib/shortcuts';

/** A dialog the learner must answer with one of its buttons: no close button, Escape or click outside. */
const MUST_ANSWER = {
  onClose: () => {},
  withCloseButton: false,
  closeOnEscape: false,
  closeOnClickOutside: false,
} as const;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** End test: says what is left undone first, then ends the test. */
export function EndTestDialog({
  opened,
  onClose,
  unanswered,
  flagged,
  onEnd,
}: {
  opened: boolean;
  onClose: () => void;
  unanswered: number;
  flagged: number;
  /** Ends the test; answers why it could not, or null (the screen then leaves). */
  onEnd: () => Promise<string | null>;
}) {
  const [ending, setEnding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (ending) return;
    setError(null);
    onClose();
  };
  return (
    <Dialog opened={opened} onClose={close} title="End this test?">
      <Text>
        {unanswered === 0 && flagged === 0
          ? 'You have answered every question.'
          : `You have ${plural(unanswered, 'unanswered question')} and ${plural(flagged, 'flagged question')}.`}{' '}
        Once it ends, your answers can no longer be changed and the review opens.
      </Text>
      {error && (
        <Alert color="red" role="alert" title="The test has not ended">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close} disabled={ending}>
          Keep working
        </Button>
        <Button
          color="red.9"
          loading={ending}
          onClick={async () => {
            setEnding(true);
            setError(null);
            const why = await onEnd();
            setEnding(false);
            setError(why);
          }}
        >
          End test
        </Button>
      </Group>
    </Dialog>
  );
}

/** ? : every shortcut of the exam screen. */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Keyboard shortcuts">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keys</Table.Th>
            <Table.Th>What they do</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUTS.map((s) => (
            <Table.Tr key={s.what}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' or '}
                    <Kbd>{k}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{s.what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        Shortcuts do nothing while you type in the notes.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Dialog>
  );
}

/**
 * The test was suspended on another device while this screen had it open: the question is hidden and the clock
 * stopped until Resume, here, or later from the dashboard. (Suspended here, the screen goes to the dashboard.)
 */
export function PausedOverlay({
  opened,
  resuming,
  onResume,
  onLeave,
}: {
  opened: boolean;
  resuming: boolean;
  onResume: () => void;
  onLeave: () => void;
}) {
  return (
    <Modal
      opened={opened}
      {...MUST_ANSWER}
      fullScreen
      overlayProps={{ backgroundOpacity: 1, color: 'var(--mantine-color-body)' }}
    >
      <Stack align="center" justify="center" gap="md" mih="80vh" ta="center">
        <Modal.Title fw={700} fz="h2">
          Test suspended
        </Modal.Title>
        <Text maw={420}>
          This test was suspended on another device. Your clock is stopped and your answers are saved: resume
          it here, or later from your dashboard.
        </Text>
        <Group>
          <Button size="md" onClick={onResume} loading={resuming} data-autofocus>
            Resume
          </Button>
          <Button size="md" variant="default" onClick={onLeave}>
            Go to the dashboard
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The time ran out (or the test ended elsewhere): said, and the review opens when the learner asks, so one who
 * stepped away learns why the test is over.
 */
export function TimeUpDialog({
  opened,
  ready,
  onReview,
}: {
  opened: boolean;
  ready: boolean;
  onReview: () => void;
}) {
  return (
    <Modal opened={opened} {...MUST_ANSWER} centered>
      <Stack gap="md">
        <Modal.Title fw={700} fz="lg">
          Time's up
        </Modal.Title>
        <Text role="status">
          {ready ? 'This test has ended. Your review is ready.' : 'This test has ended. Saving your answers…'}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onReview} loading={!ready} data-autofocus>
            See your review
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
