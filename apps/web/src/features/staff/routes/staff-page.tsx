import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Container,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  activeSubscription,
  emailField,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffChange,
  type StaffInvitation,
  type StaffMember,
  type StaffRole,
} from '@qbank/contract';
import { useState } from 'react';
import { z } from 'zod';
import { AdminHeading } from '../../../components/admin-heading';
import { notifyError } from '../../../components/notify-error';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { HttpError } from '../../../lib/http';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useAuth } from '../../accounts/api/auth';
import { useSetStaffRoles, useStaff, useStaffInvitationAction, useStaffInvitations } from '../api/staff';

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const formatDay = (iso: string) => dayFormat.format(new Date(iso));
const roleNames = (roles: readonly StaffRole[]) => roles.map((r) => STAFF_ROLE_LABELS[r]).join(', ');

const ROLE_HELP: Record<StaffRole, string> = {
  WRITER: 'writes questions',
  AUDITOR: 'reviews and publishes questions',
  INSTRUCTOR: 'runs students and builds tests',
  ADMIN: 'runs the whole QBank',
};

const OUTCOMES: Record<StaffChange['outcome'], (email: string) => string> = {
  UPDATED: (e) => `${e} has the new roles now.`,
  UNCHANGED: (e) => `${e} already had these roles.`,
  REMOVED: (e) => `${e} is no longer on the staff.`,
  INVITED: (e) => `${e} has no account yet: an invitation was sent.`,
  REINVITED: (e) => `${e} had an invitation waiting: it was sent again with these roles.`,
};

const errorText = (e: unknown) =>
  e instanceof HttpError && e.serverMessage ? e.serverMessage : 'The change could not be saved. Try again.';

/** One person's roles, each a checkbox that saves at once; Remove takes every role away. */
function MemberCard({ member: m, productId }: { member: StaffMember; productId: string }) {
  const save = useSetStaffRoles(productId);
  const [error, setError] = useState<string | null>(null);
  // The roles asked for show at once; when the change is done the list (read again) shows what the server
  // holds, so a refusal puts the old ones back.
  const [wanted, setWanted] = useState<StaffRole[] | null>(null);
  const change = (roles: StaffRole[]) => {
    setError(null);
    setWanted(roles);
    save.mutate(
      { email: m.email, roles },
      { onError: (e) => setError(errorText(e)), onSettled: () => setWanted(null) },
    );
  };
  const titleId = `staff-${m.userUuid}`;
  const shown = wanted ?? m.roles;
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} id={titleId}>
            {m.name || m.email}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {m.email}
          </Text>
          <Text size="sm" c="gray.7">
            Staff since {formatDay(m.since)}
            {m.student ? ' · also a student' : ''}
          </Text>
        </div>
        <Button
          size="compact-sm"
          variant="default"
          color="red"
          onClick={() => change([])}
          disabled={save.isPending}
          aria-label={`Remove ${m.name || m.email} from the staff`}
        >
          Remove
        </Button>
      </Group>
      <Checkbox.Group
        mt="sm"
        label="Roles"
        value={shown}
        onChange={(v) => change(STAFF_ROLES.filter((r) => v.includes(r)))}
      >
        <Group gap="md" mt={4}>
          {STAFF_ROLES.map((r) => (
            <Checkbox key={r} value={r} label={STAFF_ROLE_LABELS[r]} disabled={save.isPending} />
          ))}
        </Group>
      </Checkbox.Group>
      {error && (
        <Alert color="red" role="alert" mt="sm">
          {error}
        </Alert>
      )}
    </Paper>
  );
}

function StaffList({ productId }: { productId: string }) {
  const list = useStaff(productId);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="staff-title">
      <Title order={2} size="h4" id="staff-title" mb="xs">
        Staff
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        Ticking or clearing a role saves it at once. A QBank always keeps at least one admin.
      </Text>
      <QueryState
        query={list}
        label="Loading the staff"
        errorTitle="The staff could not be loaded"
        empty={{
          when: (l) => l.length === 0,
          title: 'Nobody is on the staff yet',
          message: 'Add someone by e-mail below.',
        }}
      >
        {(l) => (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {l.map((m) => (
              <MemberCard key={m.userUuid} member={m} productId={productId} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}

const addStaff = z.object({
  email: emailField('email'),
  roles: z.array(z.enum(STAFF_ROLES)).min(1, { error: 'Choose at least one role' }),
});

function AddStaffForm({ productId }: { productId: string }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', roles: [] as StaffRole[] },
    validate: schemaResolver(addStaff, { sync: true }),
  });
  const [done, setDone] = useState<string | null>(null);
  const { submit, pending, error } = useFormSubmit(form, useSetStaffRoles(productId), {
    variables: (v) => ({ email: v.email, roles: v.roles }),
    onSuccess: (r, v) => {
      setDone(OUTCOMES[r.outcome](v.email.trim().toLowerCase()));
      form.reset();
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="add-staff-title">
      <Title order={2} size="h4" id="add-staff-title" mb="xs">
        Add staff
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        Someone with an account gets the roles at once and is told so; anyone else gets a mail whose link
        creates their account. Links work for 14 days.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="E-mail address"
            type="email"
            autoComplete="off"
            maw={{ sm: 420 }}
            {...form.getInputProps('email')}
          />
          <Checkbox.Group label="Roles" {...form.getInputProps('roles')}>
            <Stack gap={6} mt={4}>
              {STAFF_ROLES.map((r) => (
                <Checkbox
                  key={r}
                  value={r}
                  label={
                    <>
                      {STAFF_ROLE_LABELS[r]}{' '}
                      <Text span size="sm" c="gray.7">
                        — {ROLE_HELP[r]}
                      </Text>
                    </>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
            Add to staff
          </Button>
          <div role="status">{done && <Text size="sm">{done}</Text>}</div>
        </Stack>
      </form>
    </Paper>
  );
}

function InvitationRow({ invitation: i }: { invitation: StaffInvitation }) {
  const action = useStaffInvitationAction();
  const run = (what: 'resend' | 'revoke') =>
    action.mutate(
      { id: i.uuid, action: what },
      {
        onError: (e) =>
          notifyError(
            what === 'resend'
              ? `The invitation to ${i.email} could not be sent again`
              : 'It could not be revoked',
            e,
          ),
      },
    );
  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{i.email}</Table.Td>
      <Table.Td>{roleNames(i.roles)}</Table.Td>
      <Table.Td>
        {i.status === 'EXPIRED' ? (
          <Badge color="red.9">Expired</Badge>
        ) : (
          <Text size="sm">Until {formatDay(i.expiresAt)}</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => run('resend')}
            loading={action.isPending && action.variables?.action === 'resend'}
            aria-label={`Resend the invitation to ${i.email}`}
          >
            Resend
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => run('revoke')}
            loading={action.isPending && action.variables?.action === 'revoke'}
            aria-label={`Revoke the invitation to ${i.email}`}
          >
            Revoke
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function PendingInvitations({ productId }: { productId: string }) {
  const list = useStaffInvitations(productId);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="staff-pending-title">
      <Title order={2} size="h4" id="staff-pending-title" mb="xs">
        Pending invitations
      </Title>
      <QueryState
        query={list}
        label="Loading invitations"
        errorTitle="The invitations could not be loaded"
        empty={{
          when: (l) => l.length === 0,
          message: 'No invitation is waiting. Invitations appear here until they are accepted or revoked.',
        }}
      >
        {(l) => (
          <Table.ScrollContainer minWidth={520}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Roles</Table.Th>
                  <Table.Th>Link</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {l.map((i) => (
                  <InvitationRow key={i.uuid} invitation={i} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Paper>
  );
}

/** /admin/staff: the QBank's staff and their roles, adding people by e-mail, and the pending invitations. */
export function StaffPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  return (
    <Container size="lg" py="xl">
      <PageTitle name="Staff" />
      <Stack gap="lg">
        <AdminHeading title="Staff" productName={active?.product.name} />
        {active ? (
          <>
            <StaffList productId={active.product.uuid} />
            <AddStaffForm productId={active.product.uuid} />
            <PendingInvitations productId={active.product.uuid} />
          </>
        ) : (
          <Text>Choose a QBank as your active product to manage its staff.</Text>
        )}
      </Stack>
    </Container>
  );
}
