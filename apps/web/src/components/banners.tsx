import { Alert, Anchor, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';

// Mantine's light green title is 2.5:1 on its own background, below WCAG AA's 4.5:1; this green is 7:1.
const SUCCESS_TITLE = { title: { color: '#1b5e20' } };

interface BannerState {
  msgId?: string;
  productName?: string;
  qbankName?: string;
}

/**
 * Banners from navigation state or the msgId query (SPEC §2): subscriptionAdded, feedbackSubmitted, passwordChangeSuccess.
 * `signedIn` (the page's, from the accounts feature's useAuth) picks subscriptionAdded's links: Create a test and
 * Settings, or Sign in.
 */
export function Banners({ signedIn }: { signedIn: boolean }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as BannerState;
  const msgId = state.msgId ?? params.get('msgId') ?? '';
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!msgId || dismissed === `${location.key}:${msgId}`) return null;
  const close = () => setDismissed(`${location.key}:${msgId}`);
  const name = state.qbankName ?? state.productName ?? params.get('productName') ?? '';

  if (msgId === 'subscriptionAdded')
    return (
      <Alert
        color="green"
        withCloseButton
        onClose={close}
        closeButtonLabel="Dismiss"
        role="status"
        title={`Your ${name} QBank subscription is now active!`}
        styles={SUCCESS_TITLE}
      >
        {signedIn ? (
          <Group gap="md">
            <Anchor component={Link} to="/tests/create">
              Create a test
            </Anchor>
            <Anchor component={Link} to="/account">
              Settings
            </Anchor>
          </Group>
        ) : (
          <Text size="sm">
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>{' '}
            to start using it.
          </Text>
        )}
      </Alert>
    );
  const text =
    msgId === 'feedbackSubmitted'
      ? 'Thank you for your feedback!'
      : msgId === 'passwordChangeSuccess'
        ? 'Your password was successfully changed.'
        : null;
  if (!text) return null;
  return (
    <Alert color="green" withCloseButton onClose={close} closeButtonLabel="Dismiss" role="status">
      {text}
    </Alert>
  );
}
