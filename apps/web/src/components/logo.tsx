import { Group, Text } from '@mantine/core';
import { Brand } from '@qbank/contract';
import { Link } from 'react-router';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} style={{ textDecoration: 'none', color: 'inherit' }} aria-label={`${Brand.name} home`}>
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Text fw={800} size="lg" c="brand.8" visibleFrom="xs" span>
          {Brand.name}
        </Text>
      </Group>
    </Link>
  );
}
