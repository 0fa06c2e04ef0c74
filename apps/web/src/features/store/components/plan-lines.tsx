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

export function PlanNote({ plan }: { plan: BillingPlan }) {
  const note = planNote(plan);
  return note ? (
    <Text size="xs" c="dimmed">
      {note}
    </Text>
  ) : null;
}
