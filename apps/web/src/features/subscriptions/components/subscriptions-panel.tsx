import { Alert, Badge, Box, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { frequencyText, priceText } from '@qbank/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../app/auth';
import { HttpError } from '../../../lib/http';
import {
  cancelSubscription,
  reactivateSubscription,
  type SubscriptionDetail,
  useSubscriptionDetails,
} from '../api/subscriptions';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function planText(s: SubscriptionDetail): string {
  if (s.type === 'PRIVILEGED') return 'Admin Access';
  return s.planName && s.price !== null && s.frequencyType
    ? `${s.planName}: ${priceText(s.price)} ${frequencyText(s.frequencyType, s.autoRenew)}`
    : '—';
}

function renewalText(s: SubscriptionDetail): string {
  if (!s.active) return 'Inactive';
  if (!s.currentPeriodEnd) return s.type === 'PRIVILEGED' ? 'Staff access' : 'No end date';
  return s.autoRenew
    ? `Renews on ${dateText(s.currentPeriodEnd)}`
    : `Ends on ${dateText(s.currentPeriodEnd)}`;
}

/** Account Settings → Subscriptions: plan, renewal date, auto-renew off (cancel) and on again (reactivate). */
export function SubscriptionsPanel() {
  const { user, refresh } = useAuth();
  const subs = useSubscriptionDetails(user?.uuid);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // A ref, not only state: a double click lands before the re-render that would disable the button.
  const running = useRef(false);
  const act = async (s: SubscriptionDetail, what: 'cancel' | 'reactivate') => {
    if (!user || running.current) return;
    running.current = true;
    setBusy(s.subscriptionUuid);
    setError(null);
    try {
      if (what === 'cancel') await cancelSubscription(user.uuid, s.subscriptionUuid);
      else {
        const { redirectUrl } = await reactivateSubscription(user.uuid, s.subscriptionUuid);
        // A one-time purchase renews only after the buyer has been through the provider's checkout; the
        // buttons stay disabled while the browser leaves.
        if (redirectUrl) {
          window.location.assign(redirectUrl);
          return;
        }
      }
      await queryClient.invalidateQueries({ queryKey: ['subscriptions', user.uuid] });
      await refresh();
    } catch (e) {
      setError(e instanceof HttpError ? e.serverMessage : 'Failed to connect to server, please try again');
    }
    running.current = false;
    setBusy(null);
  };

  if (subs.isPending) return <Loader size="sm" role="status" aria-label="Loading subscriptions" />;
  if (subs.isError)
    return (
      <Alert color="red" role="alert">
        Your subscriptions could not be loaded.{' '}
        <Button variant="subtle" size="xs" onClick={() => void subs.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  if (subs.data.length === 0)
    return (
      <Text>
        You have no subscriptions yet. <Link to="/store">Visit the store</Link> to find a QBank.
      </Text>
    );

  return (
    <Stack gap="sm">
      {error && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
      {/* Phones get one stacked card per subscription: a 520 px table would hide Renewal and the buttons. */}
      <Stack
        component="ul"
        gap="sm"
        hiddenFrom="sm"
        aria-label="Subscriptions"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {subs.data.map((s) => (
          <Paper component="li" key={s.subscriptionUuid} withBorder p="sm" radius="md">
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <Text fw={600}>{s.product.name}</Text>
                <StatusBadge s={s} />
              </Group>
              <Text size="sm">{planText(s)}</Text>
              <Text size="sm">{renewalText(s)}</Text>
              <Group gap="xs" mt={4}>
                <Actions s={s} busy={busy === s.subscriptionUuid} act={act} />
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>QBank</Table.Th>
                <Table.Th>Plan</Table.Th>
                <Table.Th>Renewal</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subs.data.map((s) => (
                <Table.Tr key={s.subscriptionUuid}>
                  <Table.Td>
                    <Text fw={600}>{s.product.name}</Text>
                    <StatusBadge s={s} />
                  </Table.Td>
                  <Table.Td>{planText(s)}</Table.Td>
                  <Table.Td>{renewalText(s)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Actions s={s} busy={busy === s.subscriptionUuid} act={act} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
    </Stack>
  );
}

function StatusBadge({ s }: { s: SubscriptionDetail }) {
  return (
    <Badge size="sm" color={s.active ? 'teal.9' : 'gray.7'} style={{ flexShrink: 0 }}>
      {s.active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** The buttons that fit the subscription's state; the table row and the phone card show the same ones. */
function Actions({
  s,
  busy,
  act,
}: {
  s: SubscriptionDetail;
  busy: boolean;
  act: (s: SubscriptionDetail, what: 'cancel' | 'reactivate') => Promise<void>;
}) {
  return (
    <>
      {s.active && s.autoRenew && (
        <Button size="xs" variant="default" loading={busy} onClick={() => void act(s, 'cancel')}>
          Cancel auto-renew
        </Button>
      )}
      {s.active && !s.autoRenew && s.canAutoRenew && (
        <Button size="xs" loading={busy} onClick={() => void act(s, 'reactivate')}>
          Turn on auto-renew
        </Button>
      )}
      {s.active && s.type === 'BASIC' && (
        <Button size="xs" variant="default" loading={busy} onClick={() => void act(s, 'cancel')}>
          Cancel
        </Button>
      )}
      {!s.active && s.type === 'BASIC' && (
        <Button size="xs" loading={busy} onClick={() => void act(s, 'reactivate')}>
          Reactivate
        </Button>
      )}
    </>
  );
}
