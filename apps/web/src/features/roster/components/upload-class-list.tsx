import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Progress,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  INGESTION_MAX_BYTES,
  INGESTION_ROWS_SHOWN,
  type IngestionPreview,
  type UserIngestionFile,
} from '@qbank/contract';
import IconUpload from '@tabler/icons-react/dist/esm/icons/IconUpload.mjs';
import { useEffect, useId, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { useCohorts } from '../api/cohorts';
import { useCommitClassList, useIngestion, useInvalidateRoster, useUploadClassList } from '../api/ingestion';

const NO_COHORT = 'none';
const n = (v: number) => v.toLocaleString('en-US');
const rows = (v: number) => (v === 1 ? '1 row' : `${n(v)} rows`);

/** The "Upload a class list" button of the Students screen and its dialog: file, preview, commit, result. */
export function UploadClassList({ productId }: { productId: string }) {
  const [opened, setOpened] = useState(false);
  const [session, setSession] = useState(0);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconUpload size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Upload a class list
      </Button>
      <Modal
        opened={opened}
        onClose={() => {
          setOpened(false);
          setSession((s) => s + 1);
        }}
        withCloseButton={false}
        size="xl"
        centered
      >
        {opened && <ClassListFlow key={session} productId={productId} onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function ClassListFlow({ productId, onClose }: { productId: string; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [id, setId] = useState<string | null>(null);
  const [cohort, setCohort] = useState<string>(NO_COHORT);
  const upload = useUploadClassList(productId);
  const cohorts = useCohorts(productId);
  const current = useIngestion(id);
  const commit = useCommitClassList(id ?? '');
  const invalidate = useInvalidateRoster();
  const state = current.data?.state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh the list once, when the commit ends
  useEffect(() => {
    if (state === 'DONE') void invalidate();
  }, [state]);

  const send = () => {
    if (!file) return;
    if (file.size === 0) return setProblem(`${file.name} is empty.`);
    if (file.size > INGESTION_MAX_BYTES)
      return setProblem(`${file.name} is larger than ${INGESTION_MAX_BYTES / 1024 / 1024} MB: split it.`);
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (answer) => setId(answer.uuid),
      onError: (e) =>
        setProblem(e instanceof HttpError ? e.serverMessage : 'The file could not be uploaded.'),
    });
  };

  const data = current.data;
  return (
    <Stack gap="md">
      <Modal.Title fw={700} fz="lg">
        Upload a class list
      </Modal.Title>
      {!data && (
        <>
          <Text size="sm">
            A CSV or Excel file with the columns <b>email</b>, <b>first_name</b> and <b>last_name</b> (the
            first row names them). You see what it will do before anyone is enrolled.
          </Text>
          <FileInput
            label="Class list file"
            description={`CSV or Excel (.xlsx), up to ${INGESTION_MAX_BYTES / 1024 / 1024} MB`}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(f) => {
              setFile(f);
              setProblem(null);
            }}
            clearable
          />
          {problem && (
            <Alert color="red" role="alert" title="This file cannot be used">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={send} disabled={!file} loading={upload.isPending}>
              Upload and preview
            </Button>
          </Group>
        </>
      )}
      {data?.state === 'PREVIEW' && (
        <>
          <PreviewView preview={data.preview} fileName={data.fileName} />
          <Select
            label="Add everyone to a cohort (optional)"
            value={cohort}
            onChange={(v) => setCohort(v ?? NO_COHORT)}
            data={[
              { value: NO_COHORT, label: 'No cohort' },
              ...(cohorts.data ?? []).map((c) => ({ value: c.uuid, label: c.name })),
            ]}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          {commit.error && (
            <Alert color="red" role="alert" title="The class list was not enrolled">
              {commit.error instanceof HttpError ? commit.error.serverMessage : 'Please try again.'}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              onClick={() => commit.mutate(cohort === NO_COHORT ? null : cohort)}
              loading={commit.isPending}
              disabled={data.preview.counts.newUsers + data.preview.counts.joining === 0}
            >
              Enrol {n(data.preview.counts.newUsers + data.preview.counts.joining)} students
            </Button>
          </Group>
        </>
      )}
      {data?.state === 'COMMITTING' && <CommitProgress progress={data.progress} />}
      {(data?.state === 'DONE' || data?.state === 'FAILED') && <ResultView file={data} onClose={onClose} />}
    </Stack>
  );
}

function PreviewView({ preview, fileName }: { preview: IngestionPreview; fileName: string }) {
  const c = preview.counts;
  const figures: [string, number][] = [
    ['New accounts', c.newUsers],
    ['Existing accounts who join', c.joining],
    ['Already students', c.alreadyStudents],
    ['Suspended or removed (left out)', c.held],
    ['Repeated rows', c.duplicates],
    ['Invalid rows', c.invalid],
  ];
  return (
    <Stack gap="sm">
      <Text size="sm">
        <b>{fileName}</b>: {rows(preview.total)} read. Nothing has been enrolled yet.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" role="list" aria-label="What the file holds">
        {figures.map(([label, value]) => (
          <div key={label} role="listitem">
            <Text fz="xl" fw={700}>
              {n(value)}
            </Text>
            <Text size="sm">{label}</Text>
          </div>
        ))}
      </SimpleGrid>
      {preview.unknownColumns.length > 0 && (
        <Alert color="yellow" title="Columns ignored">
          These columns are not read: {preview.unknownColumns.map((u) => `"${u}"`).join(', ')}.
        </Alert>
      )}
      {preview.invalid.length > 0 && (
        <RowTable
          caption={`Invalid rows (left out)${c.invalid > INGESTION_ROWS_SHOWN ? `: the first ${INGESTION_ROWS_SHOWN}` : ''}`}
          head={['Row', 'Column', 'Problem']}
          rows={preview.invalid.map((i) => [String(i.row), i.field, i.message])}
        />
      )}
      {preview.duplicates.length > 0 && (
        <RowTable
          caption="Repeated addresses (the first row counts)"
          head={['Row', 'E-mail', 'Same as row']}
          rows={preview.duplicates.map((d) => [String(d.row), d.email, String(d.firstRow)])}
        />
      )}
      {preview.newUsers.length > 0 && (
        <RowTable
          caption="New accounts (mailed a link to set a password)"
          head={['Row', 'E-mail', 'Name']}
          rows={preview.newUsers.map((r) => [String(r.row), r.email, `${r.firstName} ${r.lastName}`])}
        />
      )}
      {preview.joining.length > 0 && (
        <RowTable
          caption="Existing accounts who join"
          head={['Row', 'E-mail', 'Name']}
          rows={preview.joining.map((r) => [String(r.row), r.email, `${r.firstName} ${r.lastName}`])}
        />
      )}
    </Stack>
  );
}

function RowTable({ caption, head, rows: body }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <ScrollArea.Autosize mah={220} type="auto">
      <Table striped fz="sm" captionSide="top">
        <Table.Caption style={{ textAlign: 'left', fontWeight: 600 }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h} scope="col">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {body.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are shown in file order and never move
            <Table.Tr key={i}>
              {r.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <Table.Td key={j} style={{ wordBreak: 'break-word' }}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function CommitProgress({ progress }: { progress: { done: number; total: number } | null }) {
  const labelId = useId();
  const pct = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : null;
  const detail = pct === null || !progress ? 'Starting…' : `${n(progress.done)} of ${n(progress.total)} rows`;
  return (
    <Stack gap={6}>
      <Text fw={600} id={labelId}>
        Enrolling the class list
      </Text>
      <Progress.Root size="lg" radius="sm">
        <Progress.Section
          value={pct ?? 100}
          striped
          animated={pct === null}
          withAria={false}
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct ?? undefined}
          aria-valuetext={detail}
        />
      </Progress.Root>
      <Text size="sm" c="dimmed" aria-live="polite">
        {detail}
      </Text>
    </Stack>
  );
}

function ResultView({ file, onClose }: { file: UserIngestionFile; onClose: () => void }) {
  const r = file.result ?? { created: 0, joined: 0, alreadyStudent: 0, held: 0 };
  return (
    <Stack gap="sm">
      {file.state === 'DONE' ? (
        <Alert color="green" role="status" title="The class list is enrolled">
          <List size="sm">
            <List.Item>{n(r.created)} new accounts, each mailed a link to set a password</List.Item>
            <List.Item>{n(r.joined)} existing accounts joined</List.Item>
            <List.Item>{n(r.alreadyStudent)} were students already</List.Item>
            {r.held > 0 && (
              <List.Item>{n(r.held)} suspended or removed students were left as they are</List.Item>
            )}
          </List>
          {file.cohort && <Text size="sm">Everyone enrolled is in the cohort {file.cohort.name}.</Text>}
        </Alert>
      ) : (
        <Alert color="red" role="alert" title="The class list was not fully enrolled">
          {file.error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
