import { Badge, Group } from '@mantine/core';
import type { ItemFlag } from '@qbank/contract';
import { flagWords } from '../lib/item-stats';

/** A question's item-statistics flags as badges (a dark shade: the white word reads at WCAG AA). */
export function ItemFlags({ flags }: { flags: readonly ItemFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {flagWords(flags).map((w) => (
        <Badge key={w} color="orange.9" variant="filled" size="sm" style={{ minWidth: 'max-content' }}>
          {w}
        </Badge>
      ))}
    </Group>
  );
}
