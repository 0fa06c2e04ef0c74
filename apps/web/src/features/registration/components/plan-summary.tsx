import { Alert, Anchor, Loader, Paper, Text } from '@mantine/core';
import { frequencyText, planNote, priceText } from '@qbank/contract';
import { Link } from 'react-router';
import { HttpError } from '../../../lib/http';
import { usePriceOnSale } from '../api/registration';

/** Whether the price is known not to be on sale (a 404), as opposed to not loaded or failing to load. */
export const isNotOnSale = (e: unknown) => e instanceof HttpError && e.statusCode === 404;

/**
 * Streamlined registration (?priceId=): what the buyer is about to pay for, so the form is not a blind step
 * before checkout. A price no longer on sale says so instead of letting the buyer register for nothing.
 */
export function PlanSummary({ priceId }: { priceId: string }) {
  const price = usePriceOnSale(priceId);
  if (price.isPending) return <Loader size="sm" role="status" aria-label="Loading your plan" />;
  if (price.isError) {
    if (!isNotOnSale(price.error)) return null; // the form still works; the server checks the price again
    return (
      <Alert color="yellow" role="alert" title="This plan is no longer available">
        It may have been withdrawn or changed.{' '}
        <Anchor component={Link} to="/store">
          Choose a plan in the store
        </Anchor>
        .
      </Alert>
    );
  }
  const { productName, plan } = price.data;
  const note = planNote(plan);
  return (
    <Paper withBorder p="sm" radius="md" aria-label="Your plan">
      <Text size="sm" c="dimmed">
        You are signing up for
      </Text>
      <Text fw={700}>{productName}</Text>
      <Text>
        {plan.planName}: {priceText(plan.price)}{' '}
        {frequencyText(plan.frequencyType, plan.autoRenewForSubscription)}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}
