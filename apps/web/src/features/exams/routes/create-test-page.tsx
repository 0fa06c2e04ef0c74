import { Alert, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { activeSubscription, type TestPool } from '@qbank/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { UpgradePrompt } from '../../../components/upgrade-prompt';
import { freeSampleUsedUp } from '../../../lib/free-sample';
import { newUuid } from '../../../lib/uuid';
import { useAuth } from '../../accounts/api/auth';
import { useProductTree } from '../../catalogue/api/product-tree';
import { useAvailable, useOpenTest } from '../api/create';
import { availableQuery, useCreateTest } from '../api/tests';
import { CreateFreeSampleNotice, CreateNoQBank, CreateNoQuestions } from '../components/create-notices';
import { CreateOpenTestCard } from '../components/create-open-test-card';
import { CreatePools } from '../components/create-pools';
import { CreateSettings } from '../components/create-settings';
import { CreateTreePicker } from '../components/create-tree-picker';
import {
  type CreateFailure,
  createBody,
  createFailure,
  initialSettings,
  keepsAttempt,
  presetFromSearch,
  questionCap,
  validateSettings,
} from '../lib/create-form';
import { availableInChoice, chosenSubcategories, countsOf, pickerTree } from '../lib/tree-selection';

const TREE_HEADING = 'create-test-tree-heading';
const TREE_SECTION = 'create-test-tree';

function LoadingState() {
  return (
    <Stack gap="md" role="status" aria-label="Loading Start Test">
      <Skeleton height={120} radius="md" />
      <Skeleton height={260} radius="md" />
      <Skeleton height={180} radius="md" />
    </Stack>
  );
}

/** The form for one product; keyed by it, so changing the active product starts afresh. */
function CreateTestForm({ productId, productName }: { productId: string; productName: string }) {
  const navigate = useNavigate();
  const openTest = useOpenTest(productId);
  const tree = useProductTree(productId);
  // A link may have made the choice already (a retake from a review: lib/create-form.ts startTestLink).
  const [params] = useSearchParams();
  const [preset] = useState(() => presetFromSearch(params));
  const [pools, setPools] = useState<TestPool[]>(preset.pools ?? ['ALL']);
  const available = useAvailable(productId, pools);
  // Whether a free plan's sample is used up (no unseen question left): then the notice says what a paid plan adds.
  const free = available.data?.freeSampleOnly === true;
  // Enabled too whenever the chosen pools are the same: then they share the page's own query, and one query
  // read by an enabled and a disabled observer at once is left unfetched where the page is drawn on the server.
  const only = (pool: TestPool) => pools.length === 1 && pools[0] === pool;
  const sample = useQuery({ ...availableQuery(productId, ['ALL']), enabled: free || only('ALL') });
  const unseen = useQuery({ ...availableQuery(productId, ['UNUSED']), enabled: free || only('UNUSED') });
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(preset.subcategories));
  const [treeError, setTreeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Extract<CreateFailure, { kind: 'message' }> | null>(null);
  const form = useForm({
    initialValues: {
      ...initialSettings(),
      ...(preset.mode ? { mode: preset.mode } : {}),
      ...(preset.numQuestions ? { numQuestions: preset.numQuestions } : {}),
    },
  });
  const create = useCreateTest();
  // The uuid of this submit, sent again by a retry so a test the server made before the answer was lost is
  // answered instead of made twice (see keepsAttempt).
  const attempt = useRef<string | null>(null);

  const nodes = useMemo(() => (tree.data ? pickerTree(tree.data.productTree) : []), [tree.data]);
  const counts = useMemo(() => countsOf(available.data), [available.data]);
  const chosen = chosenSubcategories(nodes, selected, counts);
  const chosenAvailable = availableInChoice(nodes, selected, counts);
  const cap = questionCap(chosenAvailable);

  const failed = [openTest, tree, available].filter((q) => q.isError && !q.data);
  if (failed.length > 0)
    return (
      <Alert color="red" role="alert" title="Start Test could not be loaded">
        <Text size="sm">Check your connection and try again.</Text>
        <Button variant="default" size="xs" mt="sm" onClick={() => failed.forEach((q) => void q.refetch())}>
          Retry
        </Button>
      </Alert>
    );
  const [open, treeData, avail] = [openTest.data, tree.data, available.data];
  if (open === undefined || !treeData || !avail) return <LoadingState />;
  if (open) return <CreateOpenTestCard test={open} />;
  const published = treeData.productTree.children.reduce((n, s) => n + s.questionCount, 0);
  if (published === 0) return <CreateNoQuestions productName={productName} />;

  const submit = form.onSubmit(async (values) => {
    if (create.isPending) return;
    const errors = validateSettings(values, cap);
    form.setErrors(errors);
    setTreeError(chosen.length === 0 ? 'Choose at least one subject, category or subcategory.' : null);
    if (chosen.length === 0) {
      // The first subject that can be chosen takes the focus, where the message is read.
      document
        .getElementById(TREE_SECTION)
        ?.querySelector<HTMLInputElement>('input[type=checkbox]:not(:disabled)')
        ?.focus();
      return;
    }
    const first = (['numQuestions', 'secondsPerQuestion', 'name'] as const).find((k) => errors[k]);
    if (first) {
      form.getInputNode(first)?.focus();
      return;
    }
    setFailure(null);
    attempt.current ??= newUuid();
    try {
      const created = await create.mutateAsync(
        createBody(attempt.current, productId, values, pools, chosen, cap),
      );
      // Fewer questions than asked is fine: the run screen says how many it holds.
      navigate(`/tests/${created.uuid}/run`);
    } catch (e) {
      const f = createFailure(e);
      if (f.kind === 'open-test') {
        navigate('/error?msgId=startTestFailed');
        return;
      }
      if (!keepsAttempt(e)) attempt.current = null;
      setFailure(f);
    }
  });

  const freeSampleOnly = avail.freeSampleOnly;
  const usedUp =
    !!sample.data &&
    !!unseen.data &&
    freeSampleUsedUp({
      freeSampleOnly,
      sampleSize: sample.data.total,
      unseen: unseen.data.total,
    });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {usedUp ? (
          <UpgradePrompt productId={productId} productName={productName} questionCount={published} />
        ) : (
          freeSampleOnly && <CreateFreeSampleNotice productId={productId} productName={productName} />
        )}
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
          <CreatePools value={pools} onChange={setPools} />
        </Paper>
        <Paper
          withBorder
          p={{ base: 'sm', sm: 'lg' }}
          component="section"
          id={TREE_SECTION}
          aria-labelledby={TREE_HEADING}
          aria-busy={available.isFetching}
        >
          <Title order={2} size="h4" id={TREE_HEADING} mb={4}>
            Subjects and categories
          </Title>
          <Text size="sm" c="gray.7" mb="sm">
            The number beside each is how many questions it holds for your choice of pools.
          </Text>
          {avail.total === 0 && (
            <Text size="sm" mb="sm" role="status">
              {freeSampleOnly
                ? 'The free sample has no questions in these pools.'
                : 'No questions are in these pools yet. Choose All questions or Unused.'}
            </Text>
          )}
          {treeError && (
            <Text c="red.8" size="sm" role="alert" mb="sm">
              {treeError}
            </Text>
          )}
          <div style={{ opacity: available.isPlaceholderData ? 0.6 : 1 }}>
            <CreateTreePicker
              nodes={nodes}
              counts={counts}
              selected={selected}
              onChange={(next) => {
                setSelected(next);
                setTreeError(null);
              }}
            />
          </div>
        </Paper>
        <Paper
          withBorder
          p={{ base: 'sm', sm: 'lg' }}
          component="section"
          aria-labelledby="create-test-settings"
        >
          <Title order={2} size="h4" id="create-test-settings" mb="sm">
            Your test
          </Title>
          <CreateSettings form={form} available={chosen.length > 0 ? chosenAvailable : null} cap={cap} />
        </Paper>
        {failure && (
          <Alert color="red" role="alert" title={failure.title}>
            {failure.message}
          </Alert>
        )}
        <Button type="submit" size="md" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
          Start test
        </Button>
      </Stack>
    </form>
  );
}

/** /tests/create: a learner builds a practice test from the active product's bank. */
function CreateTestPageContent() {
  const { user } = useAuth();
  if (!user) return null;
  const active = activeSubscription(user);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Start Test</Title>
          {active && (
            <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {active.product.name}
            </Text>
          )}
        </div>
        {active ? (
          <CreateTestForm
            key={active.product.uuid}
            productId={active.product.uuid}
            productName={active.product.name}
          />
        ) : (
          <CreateNoQBank />
        )}
      </Stack>
    </Container>
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function CreateTestPage() {
  return (
    <>
      <PageTitle name="Start Test" />
      <CreateTestPageContent />
    </>
  );
}
