import { Text } from '@mantine/core';
import { type BillingPlan, frequencyText, planNote, priceText } from '@qbank/contract';

/** A plan as one line: name, price and frequency texts of SPEC §5. */
export function PlanLine({ plan }: { plan: BillingPlan }) {
  return (
    <Text size="sm">
      <strong>{plan.planName}</strong>: {priceText(plan.price)}{' '}
      {frequencyText(plan.frequencyType, plan.autoRenewForSubscription)}
    </Text>
  );
}

/** What a plan includes (SPEC §2): every question when it is paid, limited questions when free. */
export const planIncludes = (plan: Pick<BillingPlan, 'price'>) =>
  plan.price > 0 ? 'All features and questions' : 'All features but limited questions';

/**
 * A plan as the product page's plan list shows it (SPEC §2, §5): name, price and frequency, what it includes,
 * and its note. The admin's plan preview shows the same.
 */
export function PlanSummary({ plan }: { plan: BillingPlan }) {
  return (
    <div>
      <Text fw={700}>{plan.planName}</Text>
      <Text size="sm">
        {priceText(plan.price)} {frequencyText(plan.frequencyType, plan.autoRenewForSubscription)}
      </Text>
      <Text size="xs">{planIncludes(plan)}</Text>
      <PlanNote plan={plan} />
    </div>
  );
}

export function PlanNote({ plan }: { plan: BillingPlan }) {
  const note = planNote(plan);
  return note ? (
    <Text size="xs" c="dimmed">
      {note}
    </Text>
  ) : null;
}
