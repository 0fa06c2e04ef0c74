import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SUPER_USERS_PAGE_MAX, SUPER_USERS_PAGE_SIZE, type SuperUserRow } from '@qbank/contract';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useSuperUsers } from '../api/users';
import { fullName, UserBadges } from '../components/user-badges';

/** The search waits for a pause in typing before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

const UserLink = ({ u }: { u: SuperUserRow }) => (
  <Anchor component={Link} to={`/superuser/users/${u.uuid}`} style={{ overflowWrap: 'anywhere' }}>
    {u.emailAddress}
  </Anchor>
);

function UsersTable({ rows }: { rows: SuperUserRow[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm" type="native">
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Standing</Table.Th>
              <Table.Th>Registered</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((u) => (
              <Table.Tr key={u.uuid}>
                <Table.Td>
                  <UserLink u={u} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{`${u.firstName} ${u.lastName}`}</Table.Td>
                <Table.Td>
                  <UserBadges u={u} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{u.createdAt.slice(0, 10)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((u) => (
          <Paper component="li" key={u.uuid} withBorder p="sm">
            <UserLink u={u} />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {fullName(u)}
            </Text>
            <UserBadges u={u} />
          </Paper>
        ))}
      </Stack>
    </>
  );
}

function UsersSection() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.min(Math.max(Number(params.get('page')) || 0, 0), SUPER_USERS_PAGE_MAX);
  const [typed, setTyped] = useState(search);
  const [debounced] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  // The address keeps the search and the page, so Back from a user returns to the same list.
  useEffect(() => {
    if (debounced !== search)
      setParams(debounced ? { search: debounced } : {}, { replace: true, preventScrollReset: true });
  }, [debounced, search, setParams]);
  const list = useSuperUsers({ search, page });
  const goTo = (n: number) =>
    setParams({ ...(search ? { search } : {}), ...(n > 0 ? { page: String(n) } : {}) });

  return (
    <Stack component="section" aria-labelledby="super-users" gap="md">
      <Title order={2} id="super-users" size="h3">
        Users
      </Title>
      <TextInput
        label="Search users"
        description="The start of an e-mail address, a full name or a last name"
        placeholder="e.g. ada@ or Ada Lovelace"
        type="search"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        maw={{ sm: 480 }}
      />
      <QueryState
        query={list}
        label="Loading users"
        skeleton={
          <Stack gap="xs">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        }
        errorTitle="The users could not be loaded"
        errorText="Check your connection and try again."
        empty={{
          when: (p) => p.users.length === 0,
          title: search ? 'No user matches this search' : 'No users yet',
          order: 3,
          message: search ? 'Try the start of the e-mail address, or a last name.' : 'Nobody has registered.',
        }}
      >
        {(p) => (
          <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
            <Text size="sm" c="dimmed" role="status">
              {`Users ${p.page * SUPER_USERS_PAGE_SIZE + 1}–${p.page * SUPER_USERS_PAGE_SIZE + p.users.length}${p.hasMore ? ' (more follow)' : ''}`}
            </Text>
            <UsersTable rows={p.users} />
            {(p.page > 0 || p.hasMore) && (
              <Group gap="xs" component="nav" aria-label="Pages of users">
                <Button variant="default" size="xs" disabled={p.page === 0} onClick={() => goTo(p.page - 1)}>
                  Previous page
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  disabled={!p.hasMore || p.page >= SUPER_USERS_PAGE_MAX}
                  onClick={() => goTo(p.page + 1)}
                >
                  Next page
                </Button>
              </Group>
            )}
            {p.hasMore && p.page >= SUPER_USERS_PAGE_MAX && (
              <Text size="sm" c="dimmed">
                More users match: type more of the address or name to narrow the list.
              </Text>
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

/** /superuser: Super, the platform's administration for superusers (docs/superuser.md). */
export function SuperuserPage() {
  return (
    <Container size="lg" py="xl">
      <PageTitle name="Super" />
      <Stack gap="xl">
        <Title order={1}>Super</Title>
        <UsersSection />
        <Card withBorder p="md" component="section" aria-labelledby="super-products">
          <Title order={2} id="super-products" size="h3">
            Products
          </Title>
          <Text size="sm" mt={4}>
            Every QBank with its admins, store state, students and revenue; create one for a new customer,
            suspend and restore it, transfer it to another admin.
          </Text>
          <Button component={Link} to="/superuser/products" mt="sm" style={{ alignSelf: 'flex-start' }}>
            Open Products
          </Button>
        </Card>
        <Card withBorder p="md" component="section" aria-labelledby="super-audit">
          <Title order={2} id="super-audit" size="h3">
            Audit log
          </Title>
          <Text size="sm" mt={4}>
            Every privileged change on the platform: who, when, from which address, what, before and after.
          </Text>
          <Button component={Link} to="/superuser/audit" mt="sm" style={{ alignSelf: 'flex-start' }}>
            Read the audit log
          </Button>
        </Card>
        <Card withBorder p="md" component="section" aria-labelledby="super-health">
          <Title order={2} id="super-health" size="h3">
            Platform health
          </Title>
          <Text size="sm" mt={4}>
            Jobs, mail, payment events, the database and storage at a glance; retry, resend or replay what
            failed.
          </Text>
          <Button component={Link} to="/superuser/health" mt="sm" style={{ alignSelf: 'flex-start' }}>
            See platform health
          </Button>
        </Card>
      </Stack>
    </Container>
  );
}
