import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Container,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  activeSubscription,
  BILLING_PLAN_TYPES,
  type BillingPlan,
  type BillingPlanInput,
  FREQUENCY_TYPES,
  type FrequencyType,
  frequencyText,
  priceText,
} from '@qbank/contract';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { AdminHeading } from '../../../components/admin-heading';
import { notifyError } from '../../../components/notify-error';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { HttpError } from '../../../lib/http';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useAuth } from '../../accounts/api/auth';
import { PlanLine, PlanSummary } from '../../store';
import { usePlanSubscribers, usePlans, useSavePlan, useTogglePlan } from '../api/plans';

type PlanType = (typeof BILLING_PLAN_TYPES)[number];

const FREQUENCY_LABELS: Record<FrequencyType, string> = {
  MONTHLY: 'Monthly (1 month)',
  QUARTERLY: 'Quarterly (3 months)',
  HALF_YEARLY: 'Half-yearly (6 months)',
  YEARLY: 'Yearly (1 year)',
  INDEFINITE: 'Unlimited (never ends)',
};

const TYPE_LABELS: Record<PlanType, string> = {
  PUBLIC: 'Public',
  PRIVATE: 'Private',
  INSTITUTIONAL: 'Institutional',
};

const TYPE_HELP: Record<PlanType, string> = {
  PUBLIC: 'Shown and sold in the store.',
  PRIVATE: 'Not shown in the store; for members you add yourself.',
  INSTITUTIONAL: 'Not shown in the store; for schools and institutions.',
};

/** The form's own checks: the server's rules, in the admin's words. */
const planForm = z
  .object({
    planName: z
      .string()
      .trim()
      .min(1, { error: 'Give the plan a name' })
      .max(100, { error: 'A plan name has at most 100 characters' }),
    price: z
      .number({ error: 'Enter a price in dollars (0 for a free plan)' })
      .min(0, { error: 'A price cannot be negative' })
      .max(100_000, { error: 'A price is at most $100,000' })
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
        error: 'A price has at most 2 decimals (cents)',
      }),
    frequencyType: z.enum(FREQUENCY_TYPES, { error: 'Choose how long the plan lasts' }),
    autoRenewForSubscription: z.boolean(),
    billingPlanType: z.enum(BILLING_PLAN_TYPES, { error: 'Choose who may buy the plan' }),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.autoRenewForSubscription && v.frequencyType === 'INDEFINITE')
      ctx.addIssue({
        code: 'custom',
        path: ['autoRenewForSubscription'],
        message: 'Unlimited access never ends, so it cannot renew',
      });
    else if (v.autoRenewForSubscription && v.price === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['autoRenewForSubscription'],
        message: 'A free plan cannot renew',
      });
  });

interface PlanValues {
  planName: string;
  price: number | string;
  frequencyType: FrequencyType;
  autoRenewForSubscription: boolean;
  billingPlanType: PlanType;
  active: boolean;
}

const blank: PlanValues = {
  planName: '',
  price: '',
  frequencyType: 'MONTHLY',
  autoRenewForSubscription: false,
  billingPlanType: 'PUBLIC',
  active: true,
};

const valuesOf = (p: BillingPlan): PlanValues => ({
  planName: p.planName,
  price: p.price,
  frequencyType: p.frequencyType,
  autoRenewForSubscription: p.autoRenewForSubscription,
  billingPlanType: p.billingPlanType,
  active: p.active,
});

const renewalText = (p: Pick<BillingPlan, 'frequencyType' | 'autoRenewForSubscription'>) =>
  p.autoRenewForSubscription ? 'Auto-renews' : p.frequencyType === 'INDEFINITE' ? 'Never ends' : 'One-time';

/** A 409 that says the change would take the QBank out of the store (docs/billing-plans.md). */
const leavesStore = (e: unknown): e is HttpError =>
  e instanceof HttpError && e.statusCode === 409 && (e.field === 'active' || e.field === 'billingPlanType');

/** A change waiting for the admin to confirm that the QBank leaves the store. */
type LeaveStore =
  | { kind: 'toggle'; plan: BillingPlan; message: string }
  | { kind: 'save'; uuid: string; body: BillingPlanInput; message: string };

function LeaveStoreDialog({
  pending,
  productName,
  busy,
  onCancel,
  onConfirm,
}: {
  pending: LeaveStore | null;
  productName: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={pending !== null} onClose={onCancel} withCloseButton={false} centered>
      {pending && (
        <Stack gap="md">
          <Modal.Title fw={700} fz="lg">
            Take {productName} out of the store?
          </Modal.Title>
          <Text>{pending.message}</Text>
          <Text size="sm">
            Learners who already bought it keep their access. The QBank shows in the store again once it has
            an active public plan.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-autofocus>
              Keep it in the store
            </Button>
            <Button color="red.8" onClick={onConfirm} loading={busy}>
              {pending.kind === 'toggle' ? 'Deactivate and leave the store' : 'Save and leave the store'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** One plan: what the store sells, its state and subscribers, and its Edit and (De)activate buttons. */
function PlanCard({
  plan: p,
  subscribers,
  onEdit,
  onToggle,
  toggling,
}: {
  plan: BillingPlan;
  subscribers: number | undefined;
  onEdit: () => void;
  onToggle: () => void;
  toggling: boolean;
}) {
  const titleId = `plan-${p.uuid}`;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="li"
      aria-labelledby={titleId}
      bg={p.active ? undefined : 'gray.0'}
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {p.planName}
            </Text>
            <Badge variant="light" color={p.billingPlanType === 'PUBLIC' ? 'blue' : 'gray'}>
              {TYPE_LABELS[p.billingPlanType]}
            </Badge>
            {p.active ? <Badge color="teal.9">Active</Badge> : <Badge color="gray.7">Inactive</Badge>}
          </Group>
          <Text size="sm">
            {priceText(p.price)} {frequencyText(p.frequencyType, p.autoRenewForSubscription)} ·{' '}
            {renewalText(p)}
          </Text>
          {subscribers !== undefined && (
            <Text size="sm" c="gray.7">
              {subscribers.toLocaleString('en-US')} active subscriber{subscribers === 1 ? '' : 's'}
            </Text>
          )}
        </div>
        <Group gap="xs">
          <Button size="compact-sm" variant="default" onClick={onEdit} aria-label={`Edit ${p.planName}`}>
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={onToggle}
            loading={toggling}
            aria-label={`${p.active ? 'Deactivate' : 'Activate'} ${p.planName}`}
          >
            {p.active ? 'Deactivate' : 'Activate'}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The plan as the store will show it, from the form's values as they are typed. */
function PlanPreview({ values }: { values: PlanValues }) {
  const price = typeof values.price === 'number' && values.price >= 0 ? values.price : 0;
  const plan: BillingPlan = {
    uuid: 'preview',
    productUuid: '',
    planName: values.planName.trim() || 'Plan name',
    price,
    frequencyType: values.frequencyType,
    autoRenewForSubscription: values.autoRenewForSubscription && values.frequencyType !== 'INDEFINITE',
    billingPlanType: values.billingPlanType,
    active: values.active,
    stripePriceId: null,
  };
  const hidden = !values.active
    ? 'Inactive: the store does not show or sell it.'
    : values.billingPlanType !== 'PUBLIC'
      ? `${TYPE_LABELS[values.billingPlanType]}: the store does not show it.`
      : null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="plan-preview-title">
      <Title order={3} size="h5" id="plan-preview-title">
        Preview
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        As the QBank's page in the store shows the plan.
      </Text>
      <Box
        p={12}
        data-testid="plan-preview"
        style={{ border: '2px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
      >
        <PlanSummary plan={plan} />
      </Box>
      <Text size="sm" c="gray.7" mt="md" mb={4}>
        On the store's card:
      </Text>
      <PlanLine plan={plan} />
      {hidden && (
        <Text size="sm" mt="md" fw={600}>
          {hidden}
        </Text>
      )}
    </Paper>
  );
}

/** Create or edit one plan, with the preview beside it. */
function PlanEditor({
  productId,
  plan,
  onDone,
  onLeaveStore,
}: {
  productId: string;
  plan: BillingPlan | null;
  onDone: (message: string) => void;
  onLeaveStore: (p: LeaveStore) => void;
}) {
  const form = useForm<PlanValues>({
    mode: 'controlled',
    initialValues: plan ? valuesOf(plan) : blank,
    validate: schemaResolver(planForm, { sync: true }),
  });
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);
  const bodyOf = (v: PlanValues): BillingPlanInput => ({
    ...(plan ? { uuid: plan.uuid, productUuid: plan.productUuid, stripePriceId: plan.stripePriceId } : {}),
    planName: v.planName.trim(),
    price: Number(v.price),
    frequencyType: v.frequencyType,
    autoRenewForSubscription: v.autoRenewForSubscription,
    billingPlanType: v.billingPlanType,
    active: v.active,
  });
  const repriced = (v: PlanValues) =>
    plan !== null &&
    (Number(v.price) !== plan.price ||
      v.frequencyType !== plan.frequencyType ||
      v.autoRenewForSubscription !== plan.autoRenewForSubscription);
  const { submit, pending, error } = useFormSubmit(form, useSavePlan(productId), {
    variables: (v) => ({ uuid: plan?.uuid ?? null, body: bodyOf(v) }),
    onSuccess: (saved, v) =>
      onDone(
        plan
          ? `Saved “${saved.planName}”.${repriced(v) ? ` New buyers pay ${priceText(saved.price)}; existing subscribers keep the price they bought.` : ''}`
          : `Created “${saved.planName}”.`,
      ),
    onError: (e) => {
      if (plan && leavesStore(e)) {
        onLeaveStore({
          kind: 'save',
          uuid: plan.uuid,
          body: bodyOf(form.getValues()),
          message: e.serverMessage,
        });
        return true;
      }
      // A name another plan has (409) lands on its field like a 400 does.
      if (e instanceof HttpError && e.field && e.field in form.getValues()) {
        form.setFieldError(e.field, e.serverMessage);
        return true;
      }
      return false;
    },
  });
  const values = form.getValues();
  const indefinite = values.frequencyType === 'INDEFINITE';
  const title = plan ? `Edit “${plan.planName}”` : 'New plan';
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="plan-editor-title">
      <Title order={2} size="h4" id="plan-editor-title" mb="sm" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <form onSubmit={submit} noValidate aria-labelledby="plan-editor-title">
          <Stack gap="sm">
            <TextInput
              label="Plan name"
              ref={nameRef}
              autoComplete="off"
              {...form.getInputProps('planName')}
            />
            <NumberInput
              label="Price (USD)"
              description="0 makes a free plan."
              prefix="$"
              decimalScale={2}
              thousandSeparator=","
              clampBehavior="none"
              hideControls
              inputMode="decimal"
              {...form.getInputProps('price')}
            />
            <Select
              label="Length"
              data={FREQUENCY_TYPES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
              allowDeselect={false}
              {...form.getInputProps('frequencyType')}
              onChange={(v) => {
                if (!v) return;
                form.setFieldValue('frequencyType', v as FrequencyType);
                if (v === 'INDEFINITE') form.setFieldValue('autoRenewForSubscription', false);
              }}
            />
            <Checkbox
              label="Renews automatically"
              description={
                indefinite
                  ? 'Unlimited access never ends, so it never renews.'
                  : 'The buyer is charged again at the end of each period until they cancel.'
              }
              disabled={indefinite}
              {...form.getInputProps('autoRenewForSubscription', { type: 'checkbox' })}
            />
            <Select
              label="Who may buy it"
              description={TYPE_HELP[values.billingPlanType]}
              data={BILLING_PLAN_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
              allowDeselect={false}
              {...form.getInputProps('billingPlanType')}
            />
            <Checkbox label="Active (on sale)" {...form.getInputProps('active', { type: 'checkbox' })} />
            {plan && repriced(values) && (
              <Alert color="blue" title="A new price for new buyers">
                Saving makes a new price at the payment provider. Learners who already bought this plan keep
                paying what they paid; only new buyers pay the new price.
              </Alert>
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group gap="sm">
              <Button type="submit" loading={pending}>
                {plan ? 'Save changes' : 'Create plan'}
              </Button>
              <Button variant="default" onClick={() => onDone('')}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
        <PlanPreview values={values} />
      </SimpleGrid>
    </Paper>
  );
}

function PlansSection({ productId, productName }: { productId: string; productName: string }) {
  const plans = usePlans(productId);
  const subscribers = usePlanSubscribers(productId);
  const toggle = useTogglePlan(productId);
  const save = useSavePlan(productId);
  // null: no form; 'new': a new plan; else the plan being edited.
  const [editing, setEditing] = useState<BillingPlan | 'new' | null>(null);
  const [leave, setLeave] = useState<LeaveStore | null>(null);
  const [done, setDone] = useState('');

  const runToggle = (plan: BillingPlan, confirmLeaveStore = false) =>
    toggle.mutate(
      { uuid: plan.uuid, confirmLeaveStore },
      {
        onSuccess: (p) => {
          setLeave(null);
          setDone(`“${p.planName}” is ${p.active ? 'active' : 'inactive'} now.`);
        },
        onError: (e) => {
          if (!confirmLeaveStore && leavesStore(e))
            setLeave({ kind: 'toggle', plan, message: e.serverMessage });
          else {
            setLeave(null);
            notifyError(`“${plan.planName}” could not be changed`, e);
          }
        },
      },
    );

  const confirmLeave = () => {
    if (!leave) return;
    if (leave.kind === 'toggle') runToggle(leave.plan, true);
    else
      save.mutate(
        { uuid: leave.uuid, body: leave.body, confirmLeaveStore: true },
        {
          onSuccess: (p) => {
            setLeave(null);
            setEditing(null);
            setDone(`Saved “${p.planName}”. ${productName} is no longer in the store.`);
          },
          onError: (e) => {
            setLeave(null);
            notifyError('The plan could not be saved', e);
          },
        },
      );
  };

  const editor =
    editing === null ? null : (
      <PlanEditor
        key={editing === 'new' ? 'new' : editing.uuid}
        productId={productId}
        plan={editing === 'new' ? null : editing}
        onLeaveStore={setLeave}
        onDone={(message) => {
          setEditing(null);
          setDone(message);
        }}
      />
    );

  return (
    <>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="plans-title">
        <Group justify="space-between" mb="xs" gap="xs">
          <Title order={2} size="h4" id="plans-title">
            Plans
          </Title>
          {plans.data && plans.data.length > 0 && (
            <Button size="compact-md" onClick={() => setEditing('new')} disabled={editing === 'new'}>
              New plan
            </Button>
          )}
        </Group>
        <Text size="sm" c="gray.7" mb="sm">
          Active public plans are what the store sells. A price change never changes what existing subscribers
          pay.
        </Text>
        <QueryState
          query={plans}
          label="Loading the plans"
          errorTitle="The plans could not be loaded"
          empty={{
            when: (l) => l.length === 0,
            title: 'No plans yet',
            message: 'Learners can buy or join this QBank only through a plan. Create the first one.',
            action:
              editing === 'new' ? undefined : (
                <Button onClick={() => setEditing('new')}>Create a plan</Button>
              ),
          }}
        >
          {(l) => (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {l.map((p) => (
                <PlanCard
                  key={p.uuid}
                  plan={p}
                  subscribers={subscribers.data?.get(p.uuid) ?? (subscribers.data ? 0 : undefined)}
                  onEdit={() => setEditing(p)}
                  onToggle={() => runToggle(p)}
                  toggling={toggle.isPending && toggle.variables?.uuid === p.uuid}
                />
              ))}
            </Stack>
          )}
        </QueryState>
        <div role="status">
          {done && (
            <Text size="sm" mt="sm">
              {done}
            </Text>
          )}
        </div>
      </Paper>
      {editor}
      <LeaveStoreDialog
        pending={leave}
        productName={productName}
        busy={toggle.isPending || save.isPending}
        onCancel={() => setLeave(null)}
        onConfirm={confirmLeave}
      />
    </>
  );
}

/** /admin/plans: the active QBank's billing plans, each editable with a store preview beside the form. */
export function PlansPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  return (
    <Container size="lg" py="xl">
      <PageTitle name="Plans and prices" />
      <Stack gap="lg">
        <AdminHeading title="Plans and prices" productName={active?.product.name} />
        {active ? (
          <PlansSection productId={active.product.uuid} productName={active.product.name} />
        ) : (
          <Text>Choose a QBank as your active product to manage its plans.</Text>
        )}
      </Stack>
    </Container>
  );
}
