import { Badge, Group } from '@mantine/core';
import type { SuperUserRow } from '@qbank/contract';

/** An account's standing in words: superuser, unverified, disabled (nothing when it is an ordinary account). */
export function UserBadges({ u }: { u: SuperUserRow }) {
  return (
    <Group gap={4} wrap="wrap">
      {u.superuser && <Badge color="brand.7">Superuser</Badge>}
      {!u.verified && (
        <Badge color="yellow.9" variant="light">
          Unverified
        </Badge>
      )}
      {u.disabledAt && <Badge color="red.9">Disabled</Badge>}
    </Group>
  );
}

export const fullName = (u: SuperUserRow) => `${u.firstName} ${u.lastName}`.trim() || u.emailAddress;
