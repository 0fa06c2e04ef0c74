import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AuditEntryView } from '@qbank/contract';
import { useState } from 'react';
import { useAuditActions, useAuditLog } from '../api/audit';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** A `date` input's day (the browser's time zone) as the start of that day, ISO; the end is the next day's start. */
const dayStart = (day: string, plus = 0) => {
  if (!day) return undefined;
  const d = new Date(`${day}T00:00:00`);
  if (Number.isNaN(d.getTime())) return undefined;
  d.setDate(d.getDate() + plus);
  return d.toISOString();
};

/** The entry's details in a line: each key and its value, objects as JSON. */
function Details({ details }: { details: AuditEntryView['details'] }) {
  const text = Object.entries(details)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' · ');
  if (text.length <= 160) return <Text size="sm">{text || '—'}</Text>;
  return (
    <details>
      <summary>
        <Text size="sm" span>
          {text.slice(0, 140)}…
        </Text>
      </summary>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {JSON.stringify(details, null, 2)}
      </Code>
    </details>
  );
}

/**
 * The audit log, newest first, searched by person, action and days: the whole platform's (`productUuid`
 * absent, superusers) or one product's (its admins). "Older entries" reads the next page.
 */
export function AuditLog({ productUuid }: { productUuid?: string }) {
  const [email, setEmail] = useState('');
  const [debouncedEmail] = useDebouncedValue(email.trim(), 400);
  const [action, setAction] = useState<string | null>(null);
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const actions = useAuditActions(productUuid);
  const log = useAuditLog({
    productUuid,
    actorEmail: debouncedEmail || undefined,
    action: action ?? undefined,
    from: dayStart(fromDay),
    to: dayStart(toDay, 1),
  });
  const entries = log.data?.pages.flatMap((p) => p.content) ?? [];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <TextInput
          label="Who (e-mail)"
          type="search"
          placeholder="name@example.com"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Select
          label="What"
          placeholder="Any action"
          data={actions.data?.actions ?? []}
          value={action}
          onChange={setAction}
          clearable
          searchable
          nothingFoundMessage="No such action"
        />
        <TextInput
          label="From"
          type="date"
          value={fromDay}
          onChange={(e) => setFromDay(e.currentTarget.value)}
        />
        <TextInput label="To" type="date" value={toDay} onChange={(e) => setToDay(e.currentTarget.value)} />
      </SimpleGrid>
      {log.isPending ? (
        <Stack role="status" aria-label="Loading the history" gap="xs">
          <Skeleton height={32} />
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : log.isError && entries.length === 0 ? (
        <Alert color="red" role="alert" title="The history could not be loaded">
          <Text size="sm">Check the filters and your connection, then try again.</Text>
          <Button mt="sm" variant="default" onClick={() => void log.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : entries.length === 0 ? (
        <Paper withBorder p="lg">
          <Text fw={600}>Nothing recorded</Text>
          <Text size="sm" c="gray.7">
            No action matches these filters.
          </Text>
        </Paper>
      ) : (
        <>
          <div
            style={{ overflowX: 'auto', maxWidth: '100%' }}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
            tabIndex={0}
            role="region"
            aria-label="History, scrolls sideways"
          >
            <Table striped verticalSpacing="xs" miw={760} aria-label="History">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Who</Table.Th>
                  {!productUuid && <Table.Th scope="col">QBank</Table.Th>}
                  <Table.Th scope="col">What</Table.Th>
                  <Table.Th scope="col">Details</Table.Th>
                  <Table.Th scope="col">From</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={e.at}>{timeFormat.format(new Date(e.at))}</time>
                    </Table.Td>
                    <Table.Td>
                      {e.actor ? (
                        <>
                          <Text size="sm">{e.actor.name}</Text>
                          <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                            {e.actor.emailAddress}
                          </Text>
                        </>
                      ) : (
                        <Text size="sm" c="gray.7">
                          The server
                        </Text>
                      )}
                    </Table.Td>
                    {!productUuid && <Table.Td>{e.product?.name ?? '—'}</Table.Td>}
                    <Table.Td>
                      <Code>{e.action}</Code>
                    </Table.Td>
                    <Table.Td style={{ maxWidth: 360 }}>
                      <Details details={e.details} />
                    </Table.Td>
                    <Table.Td>{e.ip ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <Group>
            {log.hasNextPage ? (
              <Button
                variant="default"
                loading={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                Older entries
              </Button>
            ) : (
              <Text size="sm" c="gray.7">
                That is the whole history for these filters.
              </Text>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
