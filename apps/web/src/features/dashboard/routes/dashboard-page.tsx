import { Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { staffAccessLabel } from '@qbank/contract';
import { Link } from 'react-router';
import { useAuth } from '../../../app/auth';
import { Banners } from '../../../components/banners';
import { PageTitle } from '../../../components/page-title';

/** The signed-in landing screen. Its statistics arrive with the tests issue; until then it says so plainly. */
function DashboardPageContent() {
  const { user } = useAuth();
  if (!user) return null;
  const subs = user.subscriptions;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Banners />
        {/* A long unbroken name wraps rather than widening the page past a phone's 375 px (issue 8). */}
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          Welcome, {user.firstName}
        </Title>
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
                <Card key={s.subscriptionUuid} withBorder p="lg">
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {s.product.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {s.type === 'PRIVILEGED'
                      ? staffAccessLabel(s)
                      : s.type === 'PREMIUM'
                        ? 'Full access'
                        : 'Free access'}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </>
        )}
        <Card withBorder p="lg" bg="gray.0">
          <Title order={2} size="h3">
            Coming soon
          </Title>
          <Text mt="xs">
            Practice tests, performance statistics and question authoring are being built and will appear
            here. Meanwhile you can manage your{' '}
            <Anchor component={Link} to="/account">
              Account Settings
            </Anchor>
            .
          </Text>
          <Group mt="sm" />
        </Card>
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
