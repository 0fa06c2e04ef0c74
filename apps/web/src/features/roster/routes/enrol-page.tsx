import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  CopyButton,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  activeSubscription,
  type EnrolmentCode,
  INVITE_MAX,
  type Invitation,
  type InvitationsResult,
  type InviteOutcome,
  splitEmails,
} from '@qbank/contract';
import IconArrowLeft from '@tabler/icons-react/dist/esm/icons/IconArrowLeft.mjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { notifyError } from '../../../components/notify-error';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useAuth } from '../../accounts/api/auth';
import {
  joinLink,
  useCodes,
  useCreateCode,
  useInvitationAction,
  useInvitations,
  useInvite,
  useRevokeCode,
  useSeats,
  useSetSeatCap,
} from '../../enrolment/api/enrolment';
import { useCohorts } from '../api/cohorts';
import { formatDay } from '../lib/format';

const NO_COHORT = 'none';

const OUTCOME_LABELS: Record<InviteOutcome, string> = {
  JOINED: 'Joined now (has an account)',
  ALREADY_STUDENT: 'Already a student',
  INVITED: 'Invitation sent',
  REINVITED: 'Invitation sent again',
  HELD: 'Suspended or removed: restore them on Students',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The product's cohorts as choices, with "No cohort" first. */
function useCohortChoices(productId: string) {
  const cohorts = useCohorts(productId).data ?? [];
  return [
    { value: NO_COHORT, label: 'No cohort' },
    ...cohorts.map((c) => ({ value: c.uuid, label: c.name })),
  ];
}

/** Seats used against the plan's included ones, and the cap (admins set it). */
function SeatsCard({ productId, admin }: { productId: string; admin: boolean }) {
  const seats = useSeats(productId);
  const setCap = useSetSeatCap(productId);
  const [cap, setCapValue] = useState<string | number>('');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="seats-title">
      <Title order={2} size="h4" id="seats-title" mb="xs">
        Seats
      </Title>
      <QueryState query={seats} label="Loading seats" errorTitle="The seats could not be loaded">
        {(s) => (
          <Stack gap="xs">
            <Text>
              <strong>{s.used.toLocaleString('en-US')}</strong> students with access · {s.included} included
              in the plan
              {s.extra > 0 ? ` · ${plural(s.extra, 'extra seat', 'extra seats')} billed this month` : ''}
            </Text>
            <Text size="sm" c="gray.7">
              {s.cap === null ? 'No cap: enrolment is open.' : `Capped at ${s.cap} students by an admin.`}
              {s.months[0] ? ` Most this month: ${s.months[0].peak}.` : ''}
            </Text>
            {admin && (
              <Group align="flex-end" gap="sm">
                <NumberInput
                  label="Student cap"
                  description="Enrolment past it is refused. Leave empty for no cap."
                  min={1}
                  allowDecimal={false}
                  value={cap}
                  onChange={setCapValue}
                  maw={240}
                />
                <Button
                  variant="default"
                  loading={setCap.isPending}
                  onClick={() =>
                    setCap.mutate(cap === '' ? null : Number(cap), {
                      onError: (e) => notifyError('The cap could not be set', e),
                    })
                  }
                >
                  {cap === '' ? 'Remove the cap' : 'Set the cap'}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}

function InviteForm({ productId }: { productId: string }) {
  const choices = useCohortChoices(productId);
  const form = useForm({
    mode: 'controlled',
    initialValues: { emails: '', cohort: NO_COHORT },
    validate: {
      emails: (v) => {
        const n = splitEmails(v).length;
        if (n === 0) return 'Enter at least one e-mail address';
        if (n > INVITE_MAX) return `Invite at most ${INVITE_MAX} addresses at a time`;
        return null;
      },
    },
  });
  const [result, setResult] = useState<InvitationsResult | null>(null);
  const { submit, pending, error } = useFormSubmit(form, useInvite(productId), {
    variables: (v) => ({ emails: v.emails, cohortUuid: v.cohort === NO_COHORT ? null : v.cohort }),
    onSuccess: (r) => {
      setResult(r);
      form.setFieldValue('emails', '');
    },
  });
  const count = splitEmails(form.values.emails).length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="invite-title">
      <Title order={2} size="h4" id="invite-title" mb="xs">
        Invite by e-mail
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        Someone with an account joins at once and is told so; anyone else gets a mail whose link creates their
        account and opens the QBank. Links work for 14 days.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Textarea
            label="E-mail addresses"
            description="One per line, or separated by commas"
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps('emails')}
          />
          <Select
            label="Into cohort"
            data={choices}
            allowDeselect={false}
            maw={{ sm: 320 }}
            {...form.getInputProps('cohort')}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
            {count > 1 ? `Invite ${count} people` : 'Invite'}
          </Button>
        </Stack>
      </form>
      {result && (
        <Stack gap="xs" mt="md" role="status">
          <Text fw={600}>
            {plural(result.joined, 'person joined', 'people joined')},{' '}
            {plural(result.invited, 'invitation sent', 'invitations sent')}
          </Text>
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.results.map((r) => (
                  <Table.Tr key={r.email}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.email}</Table.Td>
                    <Table.Td>{OUTCOME_LABELS[r.outcome]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Paper>
  );
}

function InvitationRow({ invitation: i }: { invitation: Invitation }) {
  const action = useInvitationAction();
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
      <Table.Td>{i.cohort?.name ?? '—'}</Table.Td>
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
            loading={action.isPending}
            aria-label={`Resend the invitation to ${i.email}`}
          >
            Resend
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => run('revoke')}
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
  const list = useInvitations(productId);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="pending-title">
      <Title order={2} size="h4" id="pending-title" mb="xs">
        Pending invitations
      </Title>
      <QueryState
        query={list}
        label="Loading invitations"
        errorTitle="The invitations could not be loaded"
        empty={{
          when: (l) => l.length === 0,
          title: 'No invitation is waiting',
          message: 'Invitations appear here until they are accepted or revoked.',
        }}
      >
        {(l) => (
          <Table.ScrollContainer minWidth={520}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Cohort</Table.Th>
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

const CODE_STATUS: Record<EnrolmentCode['status'], string> = {
  ACTIVE: 'Active',
  FULL: 'All seats used',
  EXPIRED: 'Expired',
  REVOKED: 'Revoked',
};

function CodeRow({ code: c }: { code: EnrolmentCode }) {
  const revoke = useRevokeCode();
  const link = joinLink(c.code);
  return (
    <Table.Tr>
      <Table.Td>
        <Text ff="monospace" fw={700}>
          {c.code}
        </Text>
      </Table.Td>
      <Table.Td>{c.cohort?.name ?? '—'}</Table.Td>
      <Table.Td>{c.seatLimit === null ? `${c.uses} joined` : `${c.uses} of ${c.seatLimit}`}</Table.Td>
      <Table.Td>
        {c.status === 'ACTIVE' ? (
          <Text size="sm">{c.expiresAt ? `Until ${formatDay(c.expiresAt)}` : 'Active'}</Text>
        ) : (
          <Badge color={c.status === 'FULL' ? 'gray.7' : 'red.9'}>{CODE_STATUS[c.status]}</Badge>
        )}
      </Table.Td>
      <Table.Td>
        {c.status !== 'REVOKED' && (
          <Group gap="xs" wrap="nowrap">
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={copy}
                  aria-label={copied ? `Copied the link of ${c.code}` : `Copy link of ${c.code}`}
                >
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
            <Button
              size="compact-sm"
              variant="default"
              loading={revoke.isPending}
              aria-label={`Revoke ${c.code}`}
              onClick={() =>
                revoke.mutate(c.uuid, { onError: (e) => notifyError('The code could not be revoked', e) })
              }
            >
              Revoke
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function Codes({ productId }: { productId: string }) {
  const list = useCodes(productId);
  const choices = useCohortChoices(productId);
  const form = useForm({
    mode: 'controlled',
    initialValues: { cohort: NO_COHORT, seatLimit: '' as string | number, expires: '' },
  });
  const { submit, pending, error } = useFormSubmit(form, useCreateCode(productId), {
    variables: (v) => ({
      cohortUuid: v.cohort === NO_COHORT ? null : v.cohort,
      seatLimit: v.seatLimit === '' ? null : Number(v.seatLimit),
      // The end of the day chosen, in the instructor's time.
      expiresAt: v.expires ? new Date(`${v.expires}T23:59:59`).toISOString() : null,
    }),
    fields: { expiresAt: 'expires' },
    onSuccess: () => form.reset(),
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="codes-title">
      <Title order={2} size="h4" id="codes-title" mb="xs">
        Enrolment codes
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        Learners type the code (or open its link) to join; someone without an account creates one first.
      </Text>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm" style={{ alignItems: 'end' }}>
          <Select
            label="Into cohort"
            data={choices}
            allowDeselect={false}
            {...form.getInputProps('cohort')}
          />
          <NumberInput
            label="Seats"
            placeholder="No limit"
            min={1}
            allowDecimal={false}
            {...form.getInputProps('seatLimit')}
          />
          <TextInput label="Works until" type="date" {...form.getInputProps('expires')} />
          <Button type="submit" loading={pending}>
            Create code
          </Button>
        </SimpleGrid>
        {error && (
          <Alert color="red" role="alert" mt="sm">
            {error}
          </Alert>
        )}
      </form>
      <QueryState
        query={list}
        label="Loading codes"
        errorTitle="The codes could not be loaded"
        empty={{
          when: (l) => l.length === 0,
          title: 'No code yet',
          message: 'Create one to let a class join by itself.',
        }}
      >
        {(l) => (
          <Table.ScrollContainer minWidth={560} mt="md">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Cohort</Table.Th>
                  <Table.Th>Joined</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {l.map((c) => (
                  <CodeRow key={c.uuid} code={c} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Paper>
  );
}

/** /roster/enrol: invite students, hand out codes, and see the seats they take. */
export function EnrolPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  if (!user || !active) return null;
  const productId = active.product.uuid;
  return (
    <Container size="lg" py="xl">
      <PageTitle name="Enrol students" />
      <Stack gap="lg">
        <Anchor component={Link} to="/roster" size="sm" style={{ alignSelf: 'flex-start' }}>
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Students
          </Group>
        </Anchor>
        <div>
          <Title order={1}>Enrol students</Title>
          <Text c="dimmed" size="sm">
            {active.product.name}
          </Text>
        </div>
        <SeatsCard productId={productId} admin={active.admin || user.superuser} />
        <InviteForm productId={productId} />
        <PendingInvitations productId={productId} />
        <Codes productId={productId} />
      </Stack>
    </Container>
  );
}
