import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type ImportPreview as Preview, STATUS_LABELS } from '@qbank/contract';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import { useId, useState } from 'react';
import { downloads, type ImportStatus, pathLabel } from '../lib/import-flow';

const STATUS_HINTS: Record<ImportStatus, string> = {
  DRAFT: 'Yours to check and edit before you submit them.',
  SUBMITTED: 'Straight to the auditors’ review queue.',
  PUBLISHED: 'Live for learners at once.',
};

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function Stat({ label, value, tone }: { label: string; value: number; tone?: 'bad' | 'good' }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text
        fz={28}
        fw={700}
        c={tone === 'bad' && value > 0 ? 'red.9' : tone === 'good' ? 'teal.9' : undefined}
      >
        {value.toLocaleString('en-US')}
      </Text>
    </Paper>
  );
}

/**
 * The dry run: what the file holds, where it will be filed (and which of those places are new), what is wrong
 * where, the status to import in, and the import itself — all of them only when nothing is wrong.
 */
export function ImportPreview({
  importId,
  fileName,
  preview,
  statuses,
  committing,
  commitError,
  onCommit,
  onStartOver,
}: {
  importId: string;
  fileName: string;
  preview: Preview;
  statuses: ImportStatus[];
  committing: boolean;
  commitError: string | null;
  onCommit: (input: { onlyValid: boolean; status: ImportStatus }) => void;
  onStartOver: () => void;
}) {
  const [status, setStatus] = useState<ImportStatus>(statuses[0] ?? 'DRAFT');
  const allBlockedId = useId();
  const { total, valid, invalid, nodes, issues, issueCount } = preview;
  const created = nodes.filter((n) => !n.exists && n.path.length > 0).length;
  return (
    <Stack gap="xl">
      <section aria-labelledby="import-summary">
        <Title order={2} size="h3" id="import-summary" style={{ overflowWrap: 'anywhere' }}>
          What {fileName} holds
        </Title>
        <SimpleGrid cols={{ base: 3 }} spacing="sm" mt="sm" maw={520}>
          <Stat label="Questions" value={total} />
          <Stat label="Valid" value={valid} tone="good" />
          <Stat label="With problems" value={invalid} tone="bad" />
        </SimpleGrid>
      </section>

      {nodes.length > 0 && (
        <section aria-labelledby="import-places">
          <Title order={2} size="h3" id="import-places">
            Where they will be filed
          </Title>
          <Text size="sm" c="dimmed">
            {created === 0
              ? 'Every place already exists in your subject tree.'
              : `${count(created, 'place')} will be created in your subject tree; an admin can rename or move them later.`}
          </Text>
          <List spacing={6} mt="sm" listStyleType="none" p={0}>
            {nodes.map((n) => (
              <List.Item key={n.path.join('\u0000')}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {pathLabel(n.path)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {count(n.count, 'question')}
                  </Text>
                  {!n.exists && n.path.length > 0 && (
                    <Badge color="blue.8" size="sm">
                      New
                    </Badge>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </section>
      )}

      {issueCount > 0 && (
        <section aria-labelledby="import-issues">
          <Group justify="space-between" align="baseline" gap="xs">
            <Title order={2} size="h3" id="import-issues">
              Problems ({issueCount.toLocaleString('en-US')})
            </Title>
            <Anchor href={downloads.issues(importId)} download size="sm">
              <IconDownload size={14} aria-hidden /> Download all issues (CSV)
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            {issues.length < issueCount
              ? `The first ${issues.length.toLocaleString('en-US')} are listed here; the download has them all. `
              : ''}
            Lines count as your file shows them (in a spreadsheet, the header is row 1; in a QTI package, each
            item is a line, in the order of its manifest). A question named only for its media or answer
            feedback still imports, without what the row says was left out.
          </Text>
          <Table mt="sm" striped withTableBorder layout="fixed" aria-labelledby="import-issues">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={64}>Line</Table.Th>
                <Table.Th w={{ base: 90, sm: 140 }}>Field</Table.Th>
                <Table.Th>Message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {issues.map((i, n) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one line may carry the same message twice
                <Table.Tr key={n}>
                  <Table.Td>{i.line}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{i.field}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{i.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}

      <section aria-labelledby="import-go">
        <Title order={2} size="h3" id="import-go">
          Import
        </Title>
        {valid === 0 ? (
          <Alert color="red" role="alert" mt="sm" title="No question in this file can be imported">
            Fix the problems listed above and upload the file again.
          </Alert>
        ) : (
          <Stack gap="md" mt="sm">
            <Radio.Group
              label="Import the questions as"
              value={status}
              onChange={(v) => setStatus(v as ImportStatus)}
            >
              <Stack gap="xs" mt={6}>
                {statuses.map((s) => (
                  <Radio key={s} value={s} label={STATUS_LABELS[s]} description={STATUS_HINTS[s]} />
                ))}
              </Stack>
            </Radio.Group>
            <Group gap="sm">
              <Button
                disabled={invalid > 0}
                aria-describedby={invalid > 0 ? allBlockedId : undefined}
                loading={committing}
                onClick={() => onCommit({ onlyValid: false, status })}
              >
                Import all
              </Button>
              {invalid > 0 && (
                <Button
                  variant="default"
                  loading={committing}
                  onClick={() => onCommit({ onlyValid: true, status })}
                >
                  Import the {count(valid, 'valid question')}
                </Button>
              )}
            </Group>
            {invalid > 0 && (
              <Text size="sm" id={allBlockedId}>
                Import all is off because {count(invalid, 'question has', 'questions have')} problems. Fix
                them in the file and upload it again, or import only the valid ones and add the others later.
              </Text>
            )}
          </Stack>
        )}
        {commitError && (
          <Alert color="red" role="alert" mt="sm" title="The import did not start">
            {commitError}
          </Alert>
        )}
        <Button variant="subtle" mt="md" onClick={onStartOver}>
          Choose another file
        </Button>
      </section>
    </Stack>
  );
}
