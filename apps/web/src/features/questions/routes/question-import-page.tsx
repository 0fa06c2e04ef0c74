import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { activeSubscription, type QuestionImport, type QuestionRole, STATUS_LABELS } from '@qbank/contract';
import IconCircleCheck from '@tabler/icons-react/dist/esm/icons/IconCircleCheck.mjs';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { formErrorMessage } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http';
import { useAuth } from '../../accounts/api/auth';
import { useCommitImport, useImport, useInvalidateQuestionLists, useUploadImport } from '../api/imports';
import { ImportFilePicker } from '../components/import-file-picker';
import { ImportPreview } from '../components/import-preview';
import { ImportProgress } from '../components/import-progress';
import { type ImportStatus, importedListLink, importStatusesFor, pathLabel } from '../lib/import-flow';
import { newQuestionStatuses, questionViews } from '../lib/workflow';

const TITLE = 'Import questions';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Container size="md" py="xl">
      <PageTitle name={TITLE} />
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to="/questions" size="sm">
            Back to My Questions
          </Anchor>
          <Title order={1} mt={4}>
            {TITLE}
          </Title>
        </div>
        {children}
      </Stack>
    </Container>
  );
}

/** The end of an import: how many came in, where new places were made, and the way to them. */
function ImportDone({
  imp,
  views,
  onStartOver,
}: {
  imp: QuestionImport;
  views: QuestionRole[];
  onStartOver: () => void;
}) {
  const result = imp.result!;
  return (
    <Card withBorder p="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconCircleCheck
          size={28}
          color="var(--mantine-color-teal-9)"
          aria-hidden
          style={{ flexShrink: 0 }}
        />
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h3">
            {result.imported === 1
              ? '1 question imported'
              : `${result.imported.toLocaleString('en-US')} questions imported`}
          </Title>
          <Text mt={4} style={{ overflowWrap: 'anywhere' }}>
            From {imp.fileName}, as {STATUS_LABELS[result.status]}.
          </Text>
          {result.createdNodes.length > 0 && (
            <>
              <Text mt="sm" size="sm" fw={600}>
                New places in your subject tree
              </Text>
              <List size="sm">
                {result.createdNodes.map((p) => (
                  <List.Item key={p.join('\u0000')} style={{ overflowWrap: 'anywhere' }}>
                    {pathLabel(p)}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </div>
      </Group>
      <Group mt="lg" gap="sm">
        <Button component={Link} to={importedListLink(views, result.status)}>
          See them in My Questions
        </Button>
        <Button variant="default" onClick={onStartOver}>
          Import another file
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mt="xs">
        My Questions opens on {STATUS_LABELS[result.status]}, newest first: the imported questions lead the
        list.
      </Text>
    </Card>
  );
}

/** The steps of one import, from its state on the server (polled while a job runs). */
function ImportSteps({
  id,
  uploadedName,
  statuses,
  views,
  onStartOver,
}: {
  id: string;
  /** The file just uploaded here, while its first state is on its way. */
  uploadedName: string | null;
  statuses: ImportStatus[];
  views: QuestionRole[];
  onStartOver: () => void;
}) {
  const query = useImport(id);
  const commit = useCommitImport(id);
  const invalidateLists = useInvalidateQuestionLists();
  const state = query.data?.state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the move to DONE makes the lists stale
  useEffect(() => {
    if (state === 'DONE') void invalidateLists();
  }, [state]);

  if (query.isPending)
    return uploadedName ? (
      <ImportProgress label={`Reading ${uploadedName}`} progress={null} />
    ) : (
      <Stack role="status" aria-label="Loading the import" gap="sm">
        <Skeleton height={28} width="50%" />
        <Skeleton height={120} />
      </Stack>
    );
  if (query.isError) {
    const gone = query.error instanceof HttpError && [400, 403, 404].includes(query.error.statusCode);
    return (
      <Alert
        color={gone ? 'yellow' : 'red'}
        role="alert"
        title={gone ? 'This import is not available' : 'The import could not be loaded'}
      >
        <Text size="sm">
          {gone
            ? 'It does not exist, it was started by someone else, or it was left unimported for more than 7 days.'
            : 'Check your connection and try again.'}
        </Text>
        <Group mt="sm" gap="sm">
          {!gone && (
            <Button size="xs" onClick={() => void query.refetch()}>
              Retry
            </Button>
          )}
          <Button size="xs" variant="default" onClick={onStartOver}>
            Start again
          </Button>
        </Group>
      </Alert>
    );
  }
  const imp = query.data;
  switch (imp.state) {
    case 'PARSING':
      return <ImportProgress label={`Reading ${imp.fileName}`} progress={imp.progress} />;
    case 'PREVIEW':
      return (
        <ImportPreview
          importId={imp.uuid}
          fileName={imp.fileName}
          preview={imp.preview!}
          statuses={statuses}
          committing={commit.isPending}
          commitError={commit.isError ? formErrorMessage(commit.error) : null}
          onCommit={(input) => commit.mutate(input)}
          onStartOver={onStartOver}
        />
      );
    case 'IMPORTING':
      return <ImportProgress label={`Importing the questions of ${imp.fileName}`} progress={imp.progress} />;
    case 'DONE':
      return <ImportDone imp={imp} views={views} onStartOver={onStartOver} />;
    case 'FAILED':
      return (
        <Alert color="red" role="alert" title="The import failed">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {imp.error ?? 'The file could not be imported.'}
          </Text>
          {imp.result && imp.result.imported > 0 && (
            <Text size="sm" mt="xs">
              {imp.result.imported.toLocaleString('en-US')} of its questions were imported before it stopped;
              importing the file again skips nothing, so check My Questions first.
            </Text>
          )}
          <Button size="xs" mt="sm" variant="default" onClick={onStartOver}>
            Start again
          </Button>
        </Alert>
      );
  }
}

/**
 * /questions/import: a writer's or admin's bulk import. Choose a file; it is read on the server (a dry run)
 * while a bar shows how far; the preview says what would come in, where, and what is wrong; then the import,
 * again with a bar, and the result. The import's id sits in the address, so a reload picks it up again.
 */
export function QuestionImportPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const upload = useUploadImport(active?.product.uuid ?? '');
  const [uploaded, setUploaded] = useState<{ id: string; name: string } | null>(null);
  if (!user || !active) return null;
  const statuses = importStatusesFor(newQuestionStatuses(active, user.superuser));
  if (statuses.length === 0)
    return (
      <Frame>
        <Card withBorder p="lg" bg="gray.0">
          <Text>
            Only question writers and admins import questions. Auditors review them from My Questions.
          </Text>
        </Card>
      </Frame>
    );
  const startOver = () => {
    upload.reset();
    setUploaded(null);
    setParams({});
  };
  return (
    <Frame>
      {id ? (
        <ImportSteps
          key={id}
          id={id}
          uploadedName={uploaded?.id === id ? uploaded.name : null}
          statuses={statuses}
          views={questionViews(active, user.superuser)}
          onStartOver={startOver}
        />
      ) : (
        <>
          <Text>
            Bring in questions from a file: you see what it holds, where each question will be filed and what
            needs fixing before anything is imported.
          </Text>
          <ImportFilePicker
            productId={active.product.uuid}
            uploading={upload.isPending ? upload.variables : null}
            error={upload.isError ? formErrorMessage(upload.error) : null}
            onFile={(file) =>
              upload.mutate(file, {
                onSuccess: (started) => {
                  setUploaded({ id: started.uuid, name: file.name });
                  setParams({ id: started.uuid });
                },
              })
            }
          />
        </>
      )}
    </Frame>
  );
}
