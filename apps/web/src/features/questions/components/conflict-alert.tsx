import { Alert, Button, Text } from '@mantine/core';
import { useState } from 'react';

/** Someone saved a newer version while this editor was open: reload it (the changes here are then lost). */
export function ConflictAlert({ onReload }: { onReload?: () => Promise<void> }) {
  const [reloading, setReloading] = useState(false);
  return (
    <Alert color="yellow" role="alert" title="This question was changed by someone else">
      <Text size="sm">
        Someone saved a newer version since you opened it. Reload to see their version; the changes you made
        here are then lost, so copy anything you want to keep first.
      </Text>
      <Button
        mt="sm"
        size="xs"
        variant="default"
        loading={reloading}
        onClick={async () => {
          setReloading(true);
          try {
            await onReload?.();
          } finally {
            setReloading(false);
          }
        }}
      >
        Reload
      </Button>
    </Alert>
  );
}
