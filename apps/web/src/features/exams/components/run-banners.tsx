import { Alert, Button } from '@mantine/core';
import IconWifiOff from '@tabler/icons-react/dist/esm/icons/IconWifiOff.mjs';
import { HttpError } from '../../../lib/http';

/** Offline: the answers wait on this device, and how many changes are waiting. */
export function OfflineBanner({ unsent }: { unsent: number }) {
  return (
    <Alert
      color="yellow"
      radius={0}
      icon={<IconWifiOff size={18} aria-hidden />}
      title="You are offline"
      role="status"
    >
      Your answers are saved on this device and will be sent when the connection returns.
      {unsent > 0 && ` ${unsent} change${unsent === 1 ? '' : 's'} waiting.`}
    </Alert>
  );
}

/** The start was refused or never answered: why, and a reload. */
export function StartFailedBanner({ failure }: { failure: unknown }) {
  return (
    <Alert color="red" radius={0} role="alert" title="The test could not be started">
      {failure instanceof HttpError
        ? failure.serverMessage
        : 'The server could not be reached. Check your connection, then reload.'}
      <Button size="xs" variant="default" ml="sm" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Alert>
  );
}
