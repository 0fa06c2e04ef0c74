import { Anchor, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useAuth } from '../../accounts/api/auth';
import { useCheckoutStatus } from '../api/checkout';

const PATIENCE_MS = 30_000;

/** /checkout/success?session_id= — waits for the verified webhook to grant the subscription, then opens the product. */
function CheckoutSuccessPageContent() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [startedAt] = useState(() => Date.now());
  const [slow, setSlow] = useState(false);
  const status = useCheckoutStatus(sessionId);
  const data = status.data;

  useEffect(() => {
    if (!data?.subscriptionActive) return;
    void refresh().then(() =>
      navigate('/dashboard', {
        replace: true,
        state: { msgId: 'subscriptionAdded', qbankName: data.productName },
      }),
    );
  }, [data, refresh, navigate]);
  useEffect(() => {
    const t = setTimeout(() => setSlow(true), Math.max(0, startedAt + PATIENCE_MS - Date.now()));
    return () => clearTimeout(t);
  }, [startedAt]);

  // One state at a time (issue 8): confirming, confirmed (thank you), or not found, never two at once.
  const notFound = !sessionId || status.isError || data?.status === 'expired';
  if (notFound)
    return (
      <Container size={520} py={{ base: 'lg', sm: 64 }}>
        <Paper withBorder p="xl">
          <Stack align="center" gap="md">
            <Title order={1} size="h2">
              We could not find this payment
            </Title>
            <Text>
              If you were charged, your access appears within minutes; otherwise{' '}
              <Anchor component={Link} to="/contact?subject=SUPPORT">
                contact us
              </Anchor>
              .
            </Text>
            <Group justify="center">
              <Button component={Link} to="/store">
                Back to the store
              </Button>
              <Button component={Link} to="/dashboard" variant="default">
                Go to your dashboard
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Container>
    );

  if (data?.subscriptionActive)
    return (
      <Container size={520} py={{ base: 'lg', sm: 64 }}>
        <Paper withBorder p="xl">
          <Stack align="center" gap="md">
            <Title order={1} size="h2">
              Thank you!
            </Title>
            <Text role="status">Your {data.productName} QBank is ready.</Text>
            <Button component={Link} to="/dashboard">
              Open the QBank
            </Button>
          </Stack>
        </Paper>
      </Container>
    );

  return (
    <Container size={520} py={{ base: 'lg', sm: 64 }}>
      <Paper withBorder p="xl">
        <Stack align="center" gap="md">
          <Title order={1} size="h2">
            Confirming your payment
          </Title>
          <Center>
            <Loader role="status" aria-label="Confirming your payment" />
          </Center>
          <Text role="status">
            Confirming your payment{data?.productName ? ` for ${data.productName}` : ''}…
          </Text>
          {slow && (
            <Text size="sm" ta="center">
              This is taking longer than usual. Your access is granted as soon as the payment is confirmed;
              you can go to your{' '}
              <Anchor component={Link} to="/dashboard">
                Dashboard
              </Anchor>{' '}
              meanwhile.
            </Text>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function CheckoutSuccessPage() {
  return (
    <>
      <PageTitle />
      <CheckoutSuccessPageContent />
    </>
  );
}
