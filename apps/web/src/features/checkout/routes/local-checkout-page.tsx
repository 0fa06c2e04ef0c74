import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Divider,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { frequencyText, planNote, priceText } from '@qbank/contract';
import IconLock from '@tabler/icons-react/dist/esm/icons/IconLock.mjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { formErrorMessage } from '../../../lib/form-errors';
import { useLocalCheckout, usePayLocalCheckout } from '../api/checkout';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * /checkout/local/:sessionId — the embedded payment provider's checkout page (DESIGN.md §2). It stands in
 * for Stripe's hosted page when no STRIPE_SECRET_KEY is set: paying delivers a signed webhook to the server.
 */
function LocalCheckoutPageContent() {
  const { sessionId = '' } = useParams();
  const session = useLocalCheckout(sessionId);
  const { mutateAsync: pay } = usePayLocalCheckout();
  const [busy, setBusy] = useState<null | 'success' | 'decline' | 'cancel'>(null);
  const [error, setError] = useState<string | null>(null);

  const go = async (what: 'success' | 'decline' | 'cancel') => {
    if (busy) return;
    setBusy(what);
    setError(null);
    try {
      const { redirectUrl } = await pay({ sessionId, outcome: what });
      window.location.assign(redirectUrl);
    } catch (e) {
      setError(formErrorMessage(e));
      setBusy(null);
    }
  };

  if (session.isPending)
    return (
      <Center mih="50vh">
        <Loader role="status" aria-label="Loading checkout" />
      </Center>
    );
  if (session.isError)
    return (
      <Container size={520} py="xl">
        <Stack gap="md">
          <Alert color="red" role="alert" title="Checkout not found">
            This checkout link is invalid or belongs to another account.
          </Alert>
          <Group>
            <Button component={Link} to="/store">
              Back to the store
            </Button>
            <Button component={Link} to="/dashboard" variant="default">
              Go to your dashboard
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  const s = session.data;
  const note = planNote({
    price: s.price,
    frequencyType: s.frequencyType,
    autoRenewForSubscription: s.autoRenew,
  });
  return (
    <Container size={520} py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={1} size="h2">
              Checkout
            </Title>
            <Badge color="yellow.4" c="dark.8">
              Test mode
            </Badge>
          </Group>
          <Text size="sm">
            This is the built-in test checkout. No card is charged; choose how the payment should turn out.
          </Text>
          <Divider />
          <div>
            <Text fw={700}>{s.productName}</Text>
            <Text>
              {s.planName}: {priceText(s.price)} {frequencyText(s.frequencyType, s.autoRenew)}
            </Text>
            {note && (
              <Text size="xs" c="dimmed">
                {note}
              </Text>
            )}
            {s.firstChargeAt && (
              <Text size="sm" mt="xs">
                Nothing is charged today: your access is paid until {dateText(s.firstChargeAt)}. The first
                payment of {priceText(s.price)} is on that day.
              </Text>
            )}
            <Text size="sm" mt="xs">
              Billed to {s.customerEmail}
            </Text>
          </div>
          {s.status === 'paid' ? (
            <>
              <Alert color="blue" role="status">
                This checkout is already paid.
              </Alert>
              {/* Back after paying: the way on is the QBank just bought (issue 8). */}
              <Button size="md" component={Link} to="/dashboard">
                Open the QBank
              </Button>
            </>
          ) : s.status === 'canceled' ? (
            <>
              <Alert color="blue" role="status">
                This checkout is canceled.
              </Alert>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Button component={Link} to={`/store/products/${s.productUuid}`}>
                  Back to {s.productName}
                </Button>
                <Button component={Link} to="/store" variant="default">
                  Back to the store
                </Button>
              </SimpleGrid>
            </>
          ) : (
            <>
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Button
                size="md"
                leftSection={<IconLock size={16} aria-hidden />}
                loading={busy === 'success'}
                onClick={() => void go('success')}
              >
                {s.firstChargeAt ? 'Start subscription' : `Pay ${priceText(s.price)}`}
              </Button>
              {/* Side by side from 576 px; stacked on phones, where two halves cut "Decline payment" short. */}
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Button variant="default" loading={busy === 'decline'} onClick={() => void go('decline')}>
                  Decline payment
                </Button>
                <Button variant="subtle" loading={busy === 'cancel'} onClick={() => void go('cancel')}>
                  Cancel
                </Button>
              </SimpleGrid>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function LocalCheckoutPage() {
  return (
    <>
      <PageTitle />
      <LocalCheckoutPageContent />
    </>
  );
}
