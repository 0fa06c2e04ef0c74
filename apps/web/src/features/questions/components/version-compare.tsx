import { Alert, Badge, Box, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useVersion } from '../api/questions';
import { comparableSections, type DiffPart, sideBySide } from '../lib/compare';
import classes from './diff.module.css';
import { StatusBadge } from './status-badge';

function Column({ parts }: { parts: DiffPart[] }) {
  return (
    <Text component="div" size="sm" className={classes.column}>
      {parts.length === 0 || parts.every((p) => p.text === '') ? (
        <Text span c="dimmed" fs="italic">
          Empty
        </Text>
      ) : (
        parts.map((p, i) =>
          p.kind === 'added' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
            <ins key={i}>{p.text}</ins>
          ) : p.kind === 'removed' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
            <del key={i}>{p.text}</del>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
            <span key={i}>{p.text}</span>
          ),
        )
      )}
    </Text>
  );
}

/**
 * Two versions side by side, part by part (stem, choices, correct answer, explanation, references): a word diff
 * of their plain text, removals struck through on the older side, additions underlined on the newer.
 */
export function VersionCompare({
  questionId,
  older,
  newer,
}: {
  questionId: string;
  older: number;
  newer: number;
}) {
  const a = useVersion(questionId, older);
  const b = useVersion(questionId, newer);
  if (a.isError || b.isError)
    return (
      <Alert color="red" role="alert">
        These versions could not be loaded. Try again in a moment.
      </Alert>
    );
  if (!a.data || !b.data) return <Skeleton height={200} role="status" aria-label="Loading the versions" />;
  const left = comparableSections(a.data);
  const right = comparableSections(b.data);
  const sections = left.map((s, i) => ({ label: s.label, ...sideBySide(s.text, right[i]!.text) }));
  const changed = sections.filter((s) => s.changed);
  const same = sections.filter((s) => !s.changed).map((s) => s.label);
  return (
    <Stack gap="md" component="section" aria-labelledby="compare-heading">
      <Title order={3} size="h4" id="compare-heading">
        Version {older} compared with version {newer}
      </Title>
      <Text size="sm" c="dimmed">
        Removed words are struck through on the left; added words are underlined on the right.
      </Text>
      {a.data.status !== b.data.status && (
        <Group gap="xs">
          <Text size="sm">Status:</Text>
          <StatusBadge status={a.data.status} />
          <Text size="sm" aria-hidden>
            →
          </Text>
          <Text span className="visually-hidden">
            changed to
          </Text>
          <StatusBadge status={b.data.status} />
        </Group>
      )}
      {changed.length === 0 && <Text>The two versions read the same.</Text>}
      {changed.map((s) => (
        <Box key={s.label}>
          <Title order={4} size="h5" mb={4}>
            {s.label}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Paper withBorder p="sm">
              <Badge variant="outline" color="gray.8" mb={6}>
                Version {older}
              </Badge>
              <Column parts={s.older} />
            </Paper>
            <Paper withBorder p="sm">
              <Badge variant="outline" color="gray.8" mb={6}>
                Version {newer}
              </Badge>
              <Column parts={s.newer} />
            </Paper>
          </SimpleGrid>
        </Box>
      ))}
      {same.length > 0 && changed.length > 0 && (
        <Text size="sm" c="dimmed">
          Unchanged: {same.join(', ')}.
        </Text>
      )}
    </Stack>
  );
}
