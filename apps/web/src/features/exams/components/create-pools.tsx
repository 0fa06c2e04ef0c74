import { Checkbox, Stack } from '@mantine/core';
import { TEST_POOLS, type TestPool } from '@qbank/contract';
import { choosePools, POOL_LABELS } from '../lib/pools';

/** Where the test's questions come from: All, or any mix of the other pools (at least one). */
export function CreatePools({ value, onChange }: { value: TestPool[]; onChange(next: TestPool[]): void }) {
  return (
    <Checkbox.Group
      label="Questions from"
      description="All, or any mix of the others"
      value={value}
      onChange={(next) => onChange(choosePools(value, next as TestPool[]))}
    >
      <Stack gap="xs" mt="xs">
        {TEST_POOLS.map((p) => (
          <Checkbox key={p} value={p} label={POOL_LABELS[p].label} description={POOL_LABELS[p].description} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
