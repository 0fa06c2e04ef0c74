import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { activeSubscription, staffAccessLabel } from '@qbank/contract';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Banners } from '../../../components/banners';
import { notifyError } from '../../../components/notify-error';
import { PageTitle } from '../../../components/page-title';
import { useAuth } from '../../accounts/api/auth';
import { MyAssignments } from '../../assignments';
import { useSetActiveProduct } from '../../subscriptions/api/subscriptions';
import { FreeSampleUpgrade } from '../components/free-sample-upgrade';
import { LearnerStats } from '../components/learner-stats';

/**
 * The signed-in landing screen: a welcome, the banners, a learner's standing in the active product (their open
 * test, progress, performance and recent tests), and the QBanks they hold, or the way to the store.
 */
function DashboardPageContent() {
  const { user } = useAuth();
  const setActiveProduct = useSetActiveProduct();
  const navigate = useNavigate();
  // A superuser runs the platform: with no QBank of their own, the dashboard would only offer to sell them one,
  // so they land on Super (docs/superuser.md); one who holds QBanks keeps their dashboard, with a way to Super.
  // An effect, not <Navigate>: the server draws this page too, where a redirect while rendering does nothing.
  const toSuper = !!user?.superuser && user.subscriptions.length === 0;
  useEffect(() => {
    if (toSuper) navigate('/superuser', { replace: true });
  }, [toSuper, navigate]);
  if (!user || toSuper) return null;
  const subs = user.subscriptions;
  const active = activeSubscription(user);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Banners signedIn />
        {user.superuser && (
          <Card withBorder p="md">
            <Group justify="space-between" gap="xs">
              <Text>You are a superuser.</Text>
              <Button component={Link} to="/superuser" variant="default" size="xs">
                Open Super
              </Button>
            </Group>
          </Card>
        )}
        {/* A long unbroken name wraps rather than widening the page past a phone's 375 px (issue 8). */}
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          Welcome, {user.firstName}
        </Title>
        {/* Statistics are a learner's: staff without the student role have no tests to count. */}
        {active?.student && active.type === 'BASIC' && (
          <FreeSampleUpgrade key={active.product.uuid} subscription={active} />
        )}
        {active?.student && (
          <MyAssignments key={`a-${active.product.uuid}`} productId={active.product.uuid} />
        )}
        {active?.student && <LearnerStats key={active.product.uuid} subscription={active} />}
        {subs.length === 0 ? (
          <Card withBorder p="lg">
            <Title order={2} size="h3">
              You have no QBank yet
            </Title>
            <Text mt="xs">Find a question bank in the store: many start with a free plan.</Text>
            <Button component={Link} to="/store" mt="md">
              Visit Store
            </Button>
          </Card>
        ) : (
          <>
            <Title order={2} size="h3">
              Your QBanks
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {subs.map((s) => (
                <Card
                  key={s.subscriptionUuid}
                  withBorder
                  p="lg"
                  component="article"
                  aria-label={s.product.name}
                >
                  <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {s.product.name}
                    </Text>
                    {s.subscriptionUuid === active?.subscriptionUuid && <Badge color="brand.7">Active</Badge>}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {s.type === 'PRIVILEGED'
                      ? staffAccessLabel(s)
                      : s.type === 'PREMIUM'
                        ? 'Full access'
                        : 'Free access'}
                  </Text>
                  {/* Another active QBank: a click makes it the active one, the dashboard then shows it. */}
                  {s.active && s.subscriptionUuid !== active?.subscriptionUuid && (
                    <Button
                      variant="default"
                      size="xs"
                      mt="sm"
                      style={{ alignSelf: 'flex-start' }}
                      aria-label={`Open ${s.product.name}`}
                      loading={
                        setActiveProduct.isPending &&
                        setActiveProduct.variables?.productUuid === s.product.uuid
                      }
                      onClick={() =>
                        setActiveProduct.mutate(
                          { userUuid: user.uuid, productUuid: s.product.uuid },
                          {
                            onSuccess: () => window.scrollTo({ top: 0 }),
                            onError: (e) => notifyError(`Could not open ${s.product.name}`, e),
                          },
                        )
                      }
                    >
                      Open this QBank
                    </Button>
                  )}
                </Card>
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Container>
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function DashboardPage() {
  return (
    <>
      <PageTitle name="Dashboard" />
      <DashboardPageContent />
    </>
  );
}
