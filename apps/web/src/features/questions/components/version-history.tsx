import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { RESTORE_DELETED_MESSAGE, type VersionSummary } from '@qbank/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { formErrorMessage } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http';
import { useRestoreVersion, useVersions } from '../api/questions';
import { formatTime, personName, statusesInWords } from '../lib/format';
import { ConfirmDialog } from './confirm-dialog';
import { StatusBadge } from './status-badge';
import { VersionCompare } from './version-compare';

/**
 * The question's versions, newest first (number, status, editor, time, note), with a comparison of any two and,
 * for a caller who may edit it, Restore of an older one.
 */
export function VersionHistory(props: Props) {
  const versions = useVersions(props.questionId);
  return (
    <QueryState
      query={versions}
      label="Loading the version history"
      skeleton={<Skeleton height={120} />}
      errorTitle="The version history could not be loaded"
    >
      {(list) => <Versions {...props} list={list} />}
    </QueryState>
  );
}

interface Props {
  questionId: string;
  currentVersion: number;
  /** The version learners get, marked when a revision is newer (decision 0028). */
  publishedVersion?: number | null;
  canRestore: boolean;
  onRestored: (version: number) => void;
}

/** The loaded list, its comparison and Restore. */
function Versions({
  questionId,
  currentVersion,
  publishedVersion = null,
  canRestore,
  onRestored,
  list,
}: Props & { list: VersionSummary[] }) {
  const restore = useRestoreVersion();
  const navigate = useNavigate();
  const [restoring, setRestoring] = useState<VersionSummary | null>(null);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const [pick, setPick] = useState<{ older: string | null; newer: string | null }>({
    older: null,
    newer: null,
  });
  const [shown, setShown] = useState<{ older: number; newer: number } | null>(null);

  const options = list.map((v) => ({ value: String(v.version), label: `Version ${v.version}` }));
  const older = pick.older ?? (list[1] ? String(list[1].version) : null);
  const newer = pick.newer ?? (list[0] ? String(list[0].version) : null);

  const doRestore = async () => {
    if (!restoring) return;
    setRestoreError(null);
    try {
      const saved = await restore.mutateAsync({ id: questionId, number: restoring.version });
      setRestoring(null);
      onRestored(saved.version);
    } catch (e) {
      setRestoring(null);
      if (e instanceof HttpError && e.statusCode === 409 && e.serverMessage === RESTORE_DELETED_MESSAGE)
        navigate('/error?msgId=restoreDeletedQuestion');
      else setRestoreError(formErrorMessage(e));
    }
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="versions-heading">
      <Title order={2} size="h3" id="versions-heading">
        Version history
      </Title>
      {restoreError && (
        <Alert color="red" role="alert" title="The version was not restored">
          {restoreError}
        </Alert>
      )}
      <Stack
        gap="xs"
        component="ol"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Versions, newest first"
      >
        {list.map((v) => (
          <Paper component="li" key={v.version} withBorder p="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="wrap">
                <Text fw={700}>Version {v.version}</Text>
                <StatusBadge status={v.status} />
                {v.version === currentVersion && (
                  <Text size="sm" fw={600}>
                    (current)
                  </Text>
                )}
                {v.version === publishedVersion && v.version !== currentVersion && (
                  <Text size="sm" fw={600}>
                    (learners see this one)
                  </Text>
                )}
              </Group>
              {canRestore && v.version !== currentVersion && (
                <Button size="xs" variant="default" onClick={() => setRestoring(v)}>
                  Restore version {v.version}
                </Button>
              )}
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {personName(v.editor)} · <time dateTime={v.createdAt}>{formatTime(v.createdAt)}</time>
              {v.note ? ` · ${statusesInWords(v.note)}` : ''}
            </Text>
          </Paper>
        ))}
      </Stack>
      {list.length > 1 && (
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="xs">
            Compare two versions
          </Title>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label="Older"
              data={options}
              value={older}
              allowDeselect={false}
              onChange={(v) => setPick((p) => ({ ...p, older: v }))}
              w={150}
            />
            <Select
              label="Newer"
              data={options}
              value={newer}
              allowDeselect={false}
              onChange={(v) => setPick((p) => ({ ...p, newer: v }))}
              w={150}
            />
            <Button
              disabled={!older || !newer || older === newer}
              onClick={() => {
                const [x, y] = [Number(older), Number(newer)].sort((m, n) => m - n) as [number, number];
                setShown({ older: x, newer: y });
              }}
            >
              Compare
            </Button>
          </Group>
          {shown && (
            <Stack mt="md">
              <VersionCompare questionId={questionId} older={shown.older} newer={shown.newer} />
            </Stack>
          )}
        </Paper>
      )}
      <ConfirmDialog
        opened={restoring !== null}
        title={`Restore version ${restoring?.version ?? ''}?`}
        confirmLabel="Restore"
        loading={restore.isPending}
        onConfirm={() => void doRestore()}
        onClose={() => setRestoring(null)}
      >
        Its content becomes a new version {currentVersion + 1}; the question keeps its status, and every
        version stays in the history.
      </ConfirmDialog>
    </Stack>
  );
}
