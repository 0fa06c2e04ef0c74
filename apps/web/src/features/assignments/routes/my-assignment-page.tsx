import { Anchor, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { activeSubscription } from '@qbank/contract';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useAuth } from '../../accounts/api/auth';
import { useMyAssignments } from '../api/assignments';
import { AssignmentRow } from '../components/my-assignments';

/** Where a learner goes when this page has nothing for them. */
function NotHere({ title, text }: { title: string; text: string }) {
  return (
    <Card withBorder p="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text mt="xs">{text}</Text>
      <Group mt="md" gap="sm">
        <Button component={Link} to="/dashboard">
          Go to Dashboard
        </Button>
        <Button component={Link} to="/tests" variant="default">
          My Tests
        </Button>
      </Group>
    </Card>
  );
}

function AssignmentOfProduct({ productId, id }: { productId: string; id: string }) {
  const list = useMyAssignments(productId);
  return (
    <QueryState
      query={list}
      label="Loading the assignment"
      skeleton={
        <Stack gap="sm">
          <Skeleton height={36} width="60%" />
          <Skeleton height={110} />
        </Stack>
      }
      errorTitle="The assignment could not be loaded"
      errorText="Check your connection and try again."
    >
      {(data) => {
        const a = data.content.find((x) => x.uuid === id);
        if (!a)
          return (
            <NotHere
              title="This assignment is not in your list"
              text="It may be of another of your QBanks (choose it in the header), or your instructor withdrew it or assigned it to others."
            />
          );
        return (
          <Stack gap="md">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {a.name}
            </Title>
            <Stack component="ul" gap="sm" p={0} m={0}>
              <AssignmentRow a={a} />
            </Stack>
            <Anchor component={Link} to="/tests" size="sm">
              All your tests and assignments
            </Anchor>
          </Stack>
        );
      }}
    </QueryState>
  );
}

/**
 * /my-assignments/:id: one assignment of the learner's, to start, resume or review. Where a link placed in a
 * course platform (LTI) takes a learner, and any link to one assignment.
 */
export function MyAssignmentPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : undefined;
  return (
    <Container size="md" py="xl">
      <PageTitle name="Assignment" />
      {active?.student ? (
        <AssignmentOfProduct key={`${active.product.uuid}-${id}`} productId={active.product.uuid} id={id} />
      ) : (
        <NotHere
          title="Assignments are for a QBank's students"
          text="You take an assignment as a student of the QBank it belongs to. Choose that QBank in the header, or ask your instructor."
        />
      )}
    </Container>
  );
}
