import { Badge, Group } from '@mantine/core';
import type { ItemFlag } from '@qbank/contract';
import { flagWords } from '../lib/item-stats';

/** A question's item-statistics flags as outlined badges (red.9 on white or a striped row reads at WCAG AA). */
export function ItemFlags({ flags }: { flags: readonly ItemFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {flagWords(flags).map((w) => (
        <Badge key={w} color="red.9" variant="outline" size="sm" style={{ minWidth: 'max-content' }}>
          {w}
        </Badge>
      ))}
    </Group>
  );
}
