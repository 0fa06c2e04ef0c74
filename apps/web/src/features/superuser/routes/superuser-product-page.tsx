import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  categoryLabel,
  type LearnerAccess,
  type SuperProductDetail,
  transferProductInput,
} from '@qbank/contract';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { notifyError } from '../../../components/notify-error';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useProductAction, useSuperProduct } from '../api/products';
import { money, ProductBadges } from '../components/product-badges';

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

/** Suspend (with the learners' access chosen in its confirmation) or Restore. */
function SuspendActions({ p, onDone }: { p: SuperProductDetail; onDone: (message: string) => void }) {
  const action = useProductAction(p.uuid);
  const [asking, setAsking] = useState(false);
  const [access, setAccess] = useState<LearnerAccess>('KEEP');
  const suspended = !!p.suspendedAt;
  const confirm = () =>
    action.mutate(suspended ? { kind: 'restore' } : { kind: 'suspend', learnerAccess: access }, {
      onSuccess: (r) => {
        onDone(r.message);
        setAsking(false);
      },
      onError: (e) => notifyError(suspended ? 'Restore failed' : 'Suspend failed', e),
    });
  return (
    <>
      <Button
        variant={suspended ? 'filled' : 'default'}
        color={suspended ? undefined : 'red.9'}
        onClick={() => {
          setAccess('KEEP');
          setAsking(true);
        }}
        style={{ alignSelf: 'flex-start' }}
      >
        {suspended ? 'Restore' : 'Suspend'}
      </Button>
      <Dialog
        opened={asking}
        onClose={() => !action.isPending && setAsking(false)}
        title={suspended ? `Restore ${p.name}?` : `Suspend ${p.name}?`}
      >
        {suspended ? (
          <Text>
            {p.publishedBeforeSuspension
              ? 'It goes back on the store, '
              : 'It stays unpublished, as it was before, '}
            its staff can change it again and its learners have their access back.
          </Text>
        ) : (
          <>
            <Text>
              It leaves the store (no one can buy it) and its staff can read but not change it until it is
              restored.
            </Text>
            <Radio.Group label="Its learners" value={access} onChange={(v) => setAccess(v as LearnerAccess)}>
              <Stack gap={6} mt={4}>
                <Radio value="KEEP" label="Keep their access: they study and take tests as before" />
                <Radio
                  value="HOLD"
                  label="Lose their access until it is restored (nothing of theirs is deleted)"
                />
              </Stack>
            </Radio.Group>
          </>
        )}
        <Group justify="flex-end" mt="sm">
          <Button
            variant="default"
            onClick={() => setAsking(false)}
            disabled={action.isPending}
            data-autofocus
          >
            Cancel
          </Button>
          <Button color={suspended ? undefined : 'red.9'} loading={action.isPending} onClick={confirm}>
            {suspended ? 'Restore' : 'Suspend'}
          </Button>
        </Group>
      </Dialog>
    </>
  );
}

/** Transfer: the admin role moves to another account, named by its address. */
function TransferForm({ p, onDone }: { p: SuperProductDetail; onDone: (message: string) => void }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { toEmail: '' },
    validate: schemaResolver(transferProductInput, { sync: true }),
  });
  const [asked, setAsked] = useState<string | null>(null);
  const action = useProductAction(p.uuid);
  const { submit, pending, error } = useFormSubmit(form, action, {
    variables: (v) => ({ kind: 'transfer' as const, toEmail: v.toEmail }),
    onSuccess: (r) => {
      onDone(r.message);
      form.reset();
    },
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (form.validate().hasErrors) return;
        setAsked(form.getValues().toEmail.trim().toLowerCase());
      }}
    >
      <Stack gap="sm" maw={{ sm: 480 }}>
        <TextInput
          label="New admin's e-mail address"
          description="An account that exists and is verified. The current admins lose the admin role and keep their other roles."
          type="email"
          autoComplete="off"
          {...form.getInputProps('toEmail')}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" variant="default" style={{ alignSelf: 'flex-start' }}>
          Transfer
        </Button>
      </Stack>
      <Dialog
        opened={asked !== null}
        onClose={() => !pending && setAsked(null)}
        title={`Make ${asked ?? ''} the admin of ${p.name}?`}
      >
        <Text>
          {p.admins.length > 0
            ? `${p.admins.map((a) => a.email).join(', ')} will no longer be admin.`
            : 'The QBank has no admin now.'}
        </Text>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={() => setAsked(null)} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button
            loading={pending}
            onClick={() => {
              setAsked(null);
              submit();
            }}
          >
            Transfer
          </Button>
        </Group>
      </Dialog>
    </form>
  );
}

function ProductView({ p }: { p: SuperProductDetail }) {
  const location = useLocation();
  const [done, setDone] = useState<string>((location.state as { message?: string } | null)?.message ?? '');
  return (
    <Stack gap="lg">
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {p.name}
      </Title>
      <ProductBadges p={p} />
      <Text role="status" aria-live="polite" fw={done ? 700 : undefined}>
        {done}
      </Text>
      {p.suspendedAt && (
        <Alert color="red" title="This QBank is suspended">
          Since {new Date(p.suspendedAt).toUTCString()}. It is off the store and its staff can only read it;{' '}
          {p.learnerAccess === 'HOLD'
            ? 'its learners have no access until it is restored.'
            : 'its learners keep their access.'}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} component="dl" m={0}>
        <Fact term="Category" value={categoryLabel(p.productCategory)} />
        <Fact term="Active students" value={String(p.activeStudents)} />
        <Fact term="Revenue" value={`${money(p.revenue)} (${p.completedCheckouts} checkouts)`} />
        <Fact term="Published questions" value={String(p.questionCount)} />
        <Fact term="Staff" value={String(p.staffCount)} />
        <Fact term="Created" value={new Date(p.createdAt).toUTCString()} />
      </SimpleGrid>
      <Card withBorder p="md" component="section" aria-labelledby="product-admins">
        <Title order={2} size="h4" id="product-admins" mb="sm">
          Admins
        </Title>
        {p.admins.length === 0 && p.pendingAdminInvitations.length === 0 && (
          <Text c="dimmed">No admin. Transfer the QBank to someone to give it one.</Text>
        )}
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {p.admins.map((a) => (
            <Text component="li" key={a.userUuid} style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={`/superuser/users/${a.userUuid}`}>
                {a.name || a.email}
              </Anchor>{' '}
              · {a.email}
            </Text>
          ))}
          {p.pendingAdminInvitations.map((i) => (
            <Text component="li" key={i.uuid} style={{ overflowWrap: 'anywhere' }}>
              {i.email} · invited, until {new Date(i.expiresAt).toUTCString()}
            </Text>
          ))}
        </Stack>
      </Card>
      <Card withBorder p="md" component="section" aria-labelledby="product-state">
        <Title order={2} size="h4" id="product-state" mb="sm">
          Suspend or restore
        </Title>
        <SuspendActions p={p} onDone={setDone} />
      </Card>
      <Card withBorder p="md" component="section" aria-labelledby="product-transfer">
        <Title order={2} size="h4" id="product-transfer" mb="sm">
          Transfer to another admin
        </Title>
        <TransferForm p={p} onDone={setDone} />
      </Card>
    </Stack>
  );
}

/** /superuser/products/:id: one QBank, its admins, state and figures, and what a superuser may do to it. */
export function SuperuserProductPage() {
  const { id = '' } = useParams();
  const product = useSuperProduct(id);
  return (
    <Container size="lg" py="xl">
      <PageTitle name="QBank · Super" />
      <Stack gap="lg">
        <Anchor component={Link} to="/superuser/products">
          Back to Products
        </Anchor>
        <QueryState
          query={product}
          label="Loading the QBank"
          errorTitle="The QBank could not be loaded"
          errorText="It may not exist. Check the address, or go back to the list."
        >
          {(p) => <ProductView p={p} />}
        </QueryState>
      </Stack>
    </Container>
  );
}
