import { Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { frequencyText, priceText } from '@qbank/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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

  const act = async (s: SubscriptionDetail, what: 'cancel' | 'reactivate') => {
    if (!user || busy) return;
    setBusy(s.subscriptionUuid);
    setError(null);
    try {
      if (what === 'cancel') await cancelSubscription(user.uuid, s.subscriptionUuid);
      else await reactivateSubscription(user.uuid, s.subscriptionUuid);
      await queryClient.invalidateQueries({ queryKey: ['subscriptions', user.uuid] });
      await refresh();
    } catch (e) {
      setError(e instanceof HttpError ? e.serverMessage : 'Failed to connect to server, please try again');
    } finally {
      setBusy(null);
    }
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
                  <Badge size="sm" color={s.active ? 'teal.9' : 'gray.7'}>
                    {s.active ? 'Active' : 'Inactive'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {s.type === 'PRIVILEGED'
                    ? 'Admin Access'
                    : s.planName && s.price !== null && s.frequencyType
                      ? `${s.planName}: ${priceText(s.price)} ${frequencyText(s.frequencyType, s.autoRenew)}`
                      : '—'}
                </Table.Td>
                <Table.Td>{renewalText(s)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {s.active && s.autoRenew && (
                      <Button
                        size="xs"
                        variant="default"
                        loading={busy === s.subscriptionUuid}
                        onClick={() => void act(s, 'cancel')}
                      >
                        Cancel auto-renew
                      </Button>
                    )}
                    {s.active && !s.autoRenew && s.canAutoRenew && (
                      <Button
                        size="xs"
                        loading={busy === s.subscriptionUuid}
                        onClick={() => void act(s, 'reactivate')}
                      >
                        Turn on auto-renew
                      </Button>
                    )}
                    {s.active && s.type === 'BASIC' && (
                      <Button
                        size="xs"
                        variant="default"
                        loading={busy === s.subscriptionUuid}
                        onClick={() => void act(s, 'cancel')}
                      >
                        Cancel
                      </Button>
                    )}
                    {!s.active && s.type === 'BASIC' && (
                      <Button
                        size="xs"
                        loading={busy === s.subscriptionUuid}
                        onClick={() => void act(s, 'reactivate')}
                      >
                        Reactivate
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
