import { Button, Card, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { HttpError } from '../../../lib/http';
import { useShellSignOut } from '../../shell';
import { testRunQuery } from '../api/tests';
import { TimeUpDialog } from '../components/run-dialogs';
import { RunScreen } from '../components/run-screen';

function RunSkeleton() {
  return (
    <>
      <Paper withBorder radius={0} p="sm">
        <Group justify="space-between">
          <Skeleton height={28} width={180} />
          <Skeleton height={28} width={140} />
        </Group>
      </Paper>
      <Container size="lg" py="md">
        <Stack role="status" aria-label="Loading the test" gap="md">
          <Skeleton height={28} width="30%" />
          <Skeleton height={90} />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Stack>
      </Container>
    </>
  );
}

/**
 * /tests/:id/run — the focused exam screen (SPEC §2: no header, sidebar or footer). A student who arrives with
 * this test running is sent here, and the header's user menu is hidden, so signing out is offered here (in the
 * bar's menu).
 */
export function TestRunPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const signOut = useShellSignOut();
  // Dropped when the screen closes: coming back reads the test afresh (answers given since, another device).
  const run = useQuery({ ...testRunQuery(id), gcTime: 0 });

  if (run.isPending)
    return (
      <>
        <PageTitle name="Test" />
        <RunSkeleton />
      </>
    );
  if (run.isError) {
    const missing = run.error instanceof HttpError && [400, 403, 404].includes(run.error.statusCode);
    return (
      <Container size="sm" py="xl">
        <PageTitle name="Test" />
        <Title order={1} mb="lg">
          {missing ? 'No such test' : 'The test could not be loaded'}
        </Title>
        <Card withBorder p="lg">
          <Text>
            {missing
              ? 'This test does not exist, or it is not yours.'
              : 'Check your connection and try again: your answers are kept.'}
          </Text>
          <Group mt="md">
            {!missing && <Button onClick={() => void run.refetch()}>Retry</Button>}
            <Button component={Link} to="/tests" variant="default">
              My Tests
            </Button>
            <Button variant="subtle" onClick={signOut}>
              Sign out
            </Button>
          </Group>
        </Card>
      </Container>
    );
  }
  if (run.data.status === 'COMPLETED') {
    // Ended by its clock while the learner was away (a timed test whose time is used up): said before the
    // review. Ended by the learner: straight to it.
    if (run.data.timeRemainingInSeconds === 0)
      return (
        <Container size="sm" py="xl">
          <PageTitle name={run.data.name || 'Test'} />
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {run.data.name || 'Test'}
          </Title>
          <TimeUpDialog opened ready onReview={() => navigate(`/tests/${id}/review`, { replace: true })} />
        </Container>
      );
    return <Navigate to={`/tests/${id}/review`} replace />;
  }
  return (
    <>
      <PageTitle name={run.data.name || 'Test'} />
      <RunScreen key={run.data.uuid} run={run.data} onSignOut={signOut} />
    </>
  );
}
