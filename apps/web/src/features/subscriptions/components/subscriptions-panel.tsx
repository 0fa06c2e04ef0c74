import { Alert, Badge, Box, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { frequencyText, priceText, staffAccessLabel } from '@qbank/contract';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { formErrorMessage } from '../../../lib/form-errors';
import { useAuth } from '../../accounts/api/auth';
import {
  type SubscriptionDetail,
  useCancelSubscription,
  useReactivateSubscription,
  useSubscriptionDetails,
} from '../api/subscriptions';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function planText(s: SubscriptionDetail): string {
  if (s.type === 'PRIVILEGED') return staffAccessLabel(s);
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

/**
 * What cancelling leaves the learner: a free subscription ends at once; a paid one that stops renewing keeps
 * its access until the end of the period already paid for.
 */
export function cancelConsequence(s: SubscriptionDetail, now = Date.now()): string {
  const paidUntil = s.type !== 'BASIC' && s.currentPeriodEnd ? new Date(s.currentPeriodEnd) : null;
  return paidUntil && paidUntil.getTime() > now
    ? `You keep access to ${s.product.name} until ${dateText(s.currentPeriodEnd!)}.`
    : `Your access to ${s.product.name} ends now.`;
}

/** Asks before a subscription or its auto-renew is cancelled, saying what the learner keeps until when. */
function ConfirmCancel({
  s,
  onConfirm,
  onClose,
}: {
  s: SubscriptionDetail | null;
  onConfirm: (s: SubscriptionDetail) => void;
  onClose: () => void;
}) {
  const renewing = s?.autoRenew ?? false;
  return (
    // No Mantine header: it is a <header>, which axe counts as a second banner landmark. The title inside
    // still names the dialog (Modal.Title registers itself as its label).
    <Modal opened={s !== null} onClose={onClose} withCloseButton={false} centered>
      {s && (
        <Stack gap="md">
          <Modal.Title fw={700} fz="lg">
            {renewing ? 'Turn off auto-renew?' : 'Cancel this subscription?'}
          </Modal.Title>
          <Text>
            {renewing ? `${s.product.name} will not renew. ` : ''}
            {cancelConsequence(s)}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            <Button color="red.8" onClick={() => onConfirm(s)}>
              Confirm
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Account Settings → Subscriptions: plan, renewal date, auto-renew off (cancel) and on again (reactivate). */
export function SubscriptionsPanel() {
  const { user } = useAuth();
  const subs = useSubscriptionDetails(user?.uuid);
  const { mutateAsync: cancel } = useCancelSubscription();
  const { mutateAsync: reactivate } = useReactivateSubscription();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<SubscriptionDetail | null>(null);

  // A ref, not only state: a double click lands before the re-render that would disable the button.
  const running = useRef(false);
  const act = async (s: SubscriptionDetail, what: 'cancel' | 'reactivate') => {
    if (!user || running.current) return;
    // Cancelling asks first (issue 8); the modal's Confirm runs it.
    if (what === 'cancel') {
      setConfirming(s);
      return;
    }
    await run(s, what);
  };
  const run = async (s: SubscriptionDetail, what: 'cancel' | 'reactivate') => {
    if (!user || running.current) return;
    running.current = true;
    setBusy(s.subscriptionUuid);
    setError(null);
    try {
      const ids = { userId: user.uuid, subId: s.subscriptionUuid };
      if (what === 'cancel') await cancel(ids);
      else {
        const { redirectUrl } = await reactivate(ids);
        // A one-time purchase renews only after the buyer has been through the provider's checkout; the
        // buttons stay disabled while the browser leaves.
        if (redirectUrl) {
          window.location.assign(redirectUrl);
          return;
        }
      }
    } catch (e) {
      setError(formErrorMessage(e));
    }
    running.current = false;
    setBusy(null);
  };

  return (
    <QueryState
      query={subs}
      label="Loading subscriptions"
      inline
      errorTitle="Your subscriptions could not be loaded"
      empty={{
        when: (list) => list.length === 0,
        message: (
          <>
            You have no subscriptions yet. <Link to="/store">Visit the store</Link> to find a QBank.
          </>
        ),
      }}
    >
      {(list) => (
        <Stack gap="sm">
          <ConfirmCancel
            s={confirming}
            onClose={() => setConfirming(null)}
            onConfirm={(s) => {
              setConfirming(null);
              void run(s, 'cancel');
            }}
          />
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
            {list.map((s) => (
              <Paper component="li" key={s.subscriptionUuid} withBorder p="sm" radius="md">
                <Stack gap={6}>
                  <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {s.product.name}
                    </Text>
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
                  {list.map((s) => (
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
      )}
    </QueryState>
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
        <>
          {/* The free plan's way up: the product page opens on its most expensive plan, with Buy Now. */}
          <Button
            size="xs"
            component={Link}
            to={`/store/products/${s.product.uuid}`}
            aria-label={`Upgrade ${s.product.name}`}
          >
            Upgrade
          </Button>
          <Button size="xs" variant="default" loading={busy} onClick={() => void act(s, 'cancel')}>
            Cancel
          </Button>
        </>
      )}
      {!s.active && s.type === 'BASIC' && (
        <Button size="xs" loading={busy} onClick={() => void act(s, 'reactivate')}>
          Reactivate
        </Button>
      )}
    </>
  );
}
