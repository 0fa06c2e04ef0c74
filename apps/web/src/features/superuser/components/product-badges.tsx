import { Badge, Group } from '@mantine/core';
import type { SuperProductRow } from '@qbank/contract';

/** Money as the store shows it (the plans are priced in US dollars). */
export const money = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

/** A QBank's state in words: suspended (and what learners were left with), on the store or not. */
export function ProductBadges({ p }: { p: SuperProductRow }) {
  return (
    <Group gap={6} wrap="wrap">
      {p.suspendedAt ? (
        <Badge color="red.9" variant="filled">
          {p.learnerAccess === 'HOLD' ? 'Suspended · learners held' : 'Suspended · learners keep access'}
        </Badge>
      ) : p.published ? (
        <Badge color="green.9" variant="light">
          On the store
        </Badge>
      ) : (
        <Badge color="gray.7">Unpublished</Badge>
      )}
      {p.admins.length === 0 && (
        <Badge color="yellow.9" variant="light">
          No admin yet
        </Badge>
      )}
    </Group>
  );
}
