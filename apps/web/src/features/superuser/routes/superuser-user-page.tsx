import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { SuperUserDetail, SuperUserSubscription } from '@qbank/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { notifyError } from '../../../components/notify-error';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useAuth } from '../../accounts/api/auth';
import { type SuperAction, useSuperAction, useSuperUser } from '../api/users';
import { fullName, UserBadges } from '../components/user-badges';

const ROLES = [
  ['student', 'Student'],
  ['questionWriter', 'Writer'],
  ['questionAuditor', 'Auditor'],
  ['instructor', 'Instructor'],
  ['admin', 'Admin'],
] as const;

const rolesOf = (s: SuperUserSubscription) =>
  ROLES.filter(([k]) => s[k])
    .map(([, label]) => label)
    .join(', ') || 'None';

const standingOf = (s: SuperUserSubscription) =>
  s.held ? 'Held by instructors' : s.active ? 'Active' : 'Ended';

function Subscriptions({ subs }: { subs: SuperUserSubscription[] }) {
  if (subs.length === 0) return <Text c="dimmed">No subscriptions.</Text>;
  return (
    <>
      <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {subs.map((s) => (
          <Paper component="li" key={s.subscriptionUuid} withBorder p="sm">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {s.product.name}
            </Text>
            <Text size="sm">
              {s.type} · {standingOf(s)}
            </Text>
            <Text size="sm">Roles: {rolesOf(s)}</Text>
          </Paper>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={560} type="native" visibleFrom="sm">
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>QBank</Table.Th>
              <Table.Th>Plan</Table.Th>
              <Table.Th>Roles</Table.Th>
              <Table.Th>Standing</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {subs.map((s) => (
              <Table.Tr key={s.subscriptionUuid}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.product.name}</Table.Td>
                <Table.Td>{s.type}</Table.Td>
                <Table.Td>{rolesOf(s)}</Table.Td>
                <Table.Td>{standingOf(s)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** Each action's button, the question its confirmation asks, and what it explains. */
function wordsOf(a: SuperAction, u: SuperUserDetail) {
  const who = u.emailAddress;
  switch (a.kind) {
    case 'superuser':
      return a.value
        ? {
            label: 'Grant superuser',
            title: `Make ${who} a superuser?`,
            explain: 'They will see and change every account and every QBank on the platform.',
          }
        : {
            label: 'Revoke superuser',
            title: `Revoke superuser from ${who}?`,
            explain: 'They keep their own subscriptions and roles, and lose Super.',
          };
    case 'disabled':
      return a.value
        ? {
            label: 'Disable account',
            title: `Disable ${who}?`,
            explain:
              'They are signed out everywhere at once and cannot sign in until enabled again. Their data, tests and subscriptions are kept.',
          }
        : {
            label: 'Enable account',
            title: `Enable ${who}?`,
            explain: 'They can sign in again with their password.',
          };
    case 'endSessions':
      return {
        label: 'End all sessions',
        title: `Sign ${who} out everywhere?`,
        explain: 'Every device they are signed in on is signed out; they can sign in again.',
      };
    case 'verification':
      return {
        label: 'Resend verification mail',
        title: `Mail ${who} a new verification link?`,
        explain: 'The link they were sent before stops working; the new one works for an hour.',
      };
  }
}

function Actions({ u }: { u: SuperUserDetail }) {
  const { user: me } = useAuth();
  const action = useSuperAction(u.uuid);
  const [asked, setAsked] = useState<SuperAction | null>(null);
  const [done, setDone] = useState('');
  const self = me?.uuid === u.uuid;
  const actions: SuperAction[] = [
    ...(self ? [] : [{ kind: 'superuser', value: !u.superuser } as const]),
    { kind: 'endSessions' },
    ...(self ? [] : [{ kind: 'disabled', value: !u.disabledAt } as const]),
    ...(u.verified ? [] : [{ kind: 'verification' } as const]),
  ];
  const words = asked ? wordsOf(asked, u) : null;
  const destructive =
    asked && (asked.kind === 'endSessions' || (asked.kind !== 'verification' && asked.value));
  const confirm = () => {
    if (!asked || !words) return;
    action.mutate(asked, {
      onSuccess: (r) => {
        setDone(r.message);
        setAsked(null);
      },
      onError: (e) => notifyError(`${words.label} failed`, e),
    });
  };
  return (
    <Stack gap="sm">
      <Group gap="sm">
        {actions.map((a) => {
          const w = wordsOf(a, u);
          return (
            <Button
              key={w.label}
              variant="default"
              onClick={() => {
                setDone('');
                setAsked(a);
              }}
            >
              {w.label}
            </Button>
          );
        })}
      </Group>
      {self && (
        <Text size="sm" c="dimmed">
          This is your own account: another superuser can change its superuser flag or disable it.
        </Text>
      )}
      <Text role="status" aria-live="polite" fw={done ? 700 : undefined}>
        {done}
      </Text>
      <Dialog
        opened={asked !== null}
        onClose={() => !action.isPending && setAsked(null)}
        title={words?.title ?? ''}
      >
        {words && (
          <>
            <Text>{words.explain}</Text>
            <Group justify="flex-end" mt="sm">
              <Button
                variant="default"
                onClick={() => setAsked(null)}
                disabled={action.isPending}
                data-autofocus
              >
                Cancel
              </Button>
              <Button color={destructive ? 'red.9' : undefined} loading={action.isPending} onClick={confirm}>
                {words.label}
              </Button>
            </Group>
          </>
        )}
      </Dialog>
    </Stack>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** /superuser/users/:id: one account, its subscriptions and roles, and what a superuser may do to it. */
export function SuperuserUserPage() {
  const { id = '' } = useParams();
  const user = useSuperUser(id);
  return (
    <Container size="lg" py="xl">
      <PageTitle name="User · Super" />
      <Stack gap="lg">
        <Anchor component={Link} to="/superuser">
          Back to Super
        </Anchor>
        <QueryState
          query={user}
          label="Loading the user"
          errorTitle="The user could not be loaded"
          errorText="The account may not exist. Check the address, or go back to the search."
        >
          {(u) => (
            <Stack gap="lg">
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {fullName(u)}
              </Title>
              <UserBadges u={u} />
              {u.disabledAt && (
                <Alert color="red" title="This account is disabled">
                  It cannot sign in. Disabled on {new Date(u.disabledAt).toUTCString()}.
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} component="dl" m={0}>
                <Fact term="E-mail" value={u.emailAddress} />
                <Fact term="Registered" value={new Date(u.createdAt).toUTCString()} />
                <Fact term="E-mail verified" value={u.verified ? 'Yes' : 'No'} />
                <Fact term="Signed-in sessions" value={String(u.sessions)} />
              </SimpleGrid>
              <Card withBorder p="md" component="section" aria-labelledby="user-actions">
                <Title order={2} size="h4" id="user-actions" mb="sm">
                  Actions
                </Title>
                <Actions u={u} />
              </Card>
              <Stack component="section" aria-labelledby="user-subs" gap="sm">
                <Title order={2} size="h4" id="user-subs">
                  Subscriptions and roles{' '}
                  <Badge variant="light" color="gray">
                    {u.subscriptions.length}
                  </Badge>
                </Title>
                <Subscriptions subs={u.subscriptions} />
              </Stack>
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
