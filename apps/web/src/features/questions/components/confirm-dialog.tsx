import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from '../../../components/dialog';

/** A yes/no question before an action that cannot simply be taken back. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  danger = false,
  loading = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      <Text component="div">{children}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color={danger ? 'red.9' : undefined} loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Dialog>
  );
}
