import { Container, Stack, Text, Title } from '@mantine/core';
import { activeSubscription } from '@qbank/contract';
import { PageTitle } from '../../../components/page-title';
import { useAuth } from '../../accounts/api/auth';
import { AuditLog } from '../components/audit-log';

/** /superuser/audit: every privileged action on the platform, for superusers. */
export function PlatformAuditPage() {
  return (
    <Container size="xl" py="xl">
      <PageTitle name="Audit log" />
      <Stack gap="lg">
        <div>
          <Title order={1}>Audit log</Title>
          <Text c="gray.7" size="sm">
            Every privileged action on the platform: who, when, from which address, what, before and after.
          </Text>
        </div>
        <AuditLog />
      </Stack>
    </Container>
  );
}

/** /admin/audit: the active QBank's history, for its admins. */
export function ProductAuditPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  if (!active) return null;
  return (
    <Container size="xl" py="xl">
      <PageTitle name="History" />
      <Stack gap="lg">
        <div>
          <Title order={1}>History</Title>
          <Text c="gray.7" size="sm">
            Who changed what in {active.product.name}: staff and students, tests and assignments, settings.
          </Text>
        </div>
        <AuditLog productUuid={active.product.uuid} />
      </Stack>
    </Container>
  );
}
