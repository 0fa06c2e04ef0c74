import { Anchor, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../app/auth';
import { fetchCheckoutStatus } from '../api/checkout';

const POLL_MS = 1000;
const PATIENCE_MS = 30_000;

/** /checkout/success?session_id= — waits for the verified webhook to grant the subscription, then opens the product. */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [startedAt] = useState(() => Date.now());
  const [slow, setSlow] = useState(false);
  const status = useQuery({
    queryKey: ['checkout-status', sessionId],
    queryFn: () => fetchCheckoutStatus(sessionId),
    enabled: !!sessionId,
    refetchInterval: (q) => (q.state.data?.subscriptionActive ? false : POLL_MS),
  });
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

  return (
    <Container size={520} py={{ base: 'lg', sm: 64 }}>
      <Paper withBorder p="xl">
        <Stack align="center" gap="md">
          <Title order={1} size="h2">
            Thank you!
          </Title>
          {!sessionId || status.isError ? (
            <Text>
              We could not find this payment. If you were charged, your access appears within minutes;
              otherwise{' '}
              <Anchor component={Link} to="/contact?subject=SUPPORT">
                contact us
              </Anchor>
              .
            </Text>
          ) : (
            <>
              <Center>
                <Loader role="status" aria-label="Confirming your payment" />
              </Center>
              <Text role="status">
                Confirming your payment{data?.productName ? ` for ${data.productName}` : ''}…
              </Text>
              {slow && (
                <Text size="sm" ta="center">
                  This is taking longer than usual. Your access is granted as soon as the payment is
                  confirmed; you can go to your{' '}
                  <Anchor component={Link} to="/dashboard">
                    Dashboard
                  </Anchor>{' '}
                  meanwhile.
                </Text>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
