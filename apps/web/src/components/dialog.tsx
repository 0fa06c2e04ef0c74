import { Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A modal dialog named by its title. No Mantine header: it is a <header>, which axe counts as a second banner
 * landmark; Escape and the dialog's own Cancel close it.
 */
export function Dialog({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} withCloseButton={false} centered>
      <Stack gap="md">
        <Modal.Title fw={700} fz="lg">
          {title}
        </Modal.Title>
        {children}
      </Stack>
    </Modal>
  );
}
