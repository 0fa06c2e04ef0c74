import { Button, Card, Container, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { activeSubscription } from '@qbank/contract';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useAuth } from '../../accounts/api/auth';
import { MyAssignments } from '../../assignments';
import { useMyTests } from '../api/my-tests';
import { MyTestsList } from '../components/my-tests-list';

function ListSkeleton() {
  return (
    <Stack gap="sm">
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={52} radius="sm" />
      ))}
    </Stack>
  );
}

/** The page in the address (1-based, as people count); anything else is the first. */
const pageOf = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

function TestsOfProduct({ productId }: { productId: string }) {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const list = useMyTests(productId, page - 1);
  return (
    <QueryState
      query={list}
      label="Loading your tests"
      skeleton={<ListSkeleton />}
      errorTitle="Your tests could not be loaded"
      errorText="Check your connection and try again."
      empty={{
        when: (data) => data.content.length === 0 && page === 1,
        title: 'No tests yet',
        message:
          'Build your first practice test: choose subjects, how many questions, and tutor or timed mode. Your tests and their scores are kept here.',
        action: (
          <Button component={Link} to="/tests/create" mt="md" style={{ alignSelf: 'flex-start' }}>
            Start your first test
          </Button>
        ),
      }}
    >
      {(data) => {
        const first = data.page * data.size + 1;
        return (
          <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
            <Text size="sm" c="gray.7" role="status">
              {data.totalElements === 1
                ? '1 test'
                : data.content.length === 0
                  ? `No tests on page ${page}`
                  : `Tests ${first}–${first + data.content.length - 1} of ${data.totalElements}`}
            </Text>
            {data.content.length > 0 && <MyTestsList rows={data.content} />}
            {data.totalPages > 1 && (
              <Pagination
                total={data.totalPages}
                value={page}
                onChange={(p) => setParams(p === 1 ? {} : { page: String(p) })}
                siblings={1}
                boundaries={1}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
                aria-label="Pages"
              />
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}

/** /tests: the learner's tests in the active product, newest first, to resume or review. */
function MyTestsPageContent() {
  const { user } = useAuth();
  if (!user) return null;
  const active = activeSubscription(user);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm">
          <div>
            <Title order={1}>My Tests</Title>
            {active && (
              <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                {active.product.name}
              </Text>
            )}
          </div>
          {active && (
            <Button component={Link} to="/tests/create" leftSection={<IconPlus size={16} aria-hidden />}>
              Start Test
            </Button>
          )}
        </Group>
        {active?.student && (
          <MyAssignments key={`a-${active.product.uuid}`} productId={active.product.uuid} closed />
        )}
        {active ? (
          <TestsOfProduct key={active.product.uuid} productId={active.product.uuid} />
        ) : (
          <Card withBorder p="lg">
            <Title order={2} size="h3">
              You have no QBank yet
            </Title>
            <Text mt="xs">Your tests are taken in a question bank. Find one in the store.</Text>
            <Button component={Link} to="/store" mt="md" style={{ alignSelf: 'flex-start' }}>
              Visit Store
            </Button>
          </Card>
        )}
      </Stack>
    </Container>
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function MyTestsPage() {
  return (
    <>
      <PageTitle name="My Tests" />
      <MyTestsPageContent />
    </>
  );
}
