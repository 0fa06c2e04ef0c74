import {
  Button,
  Checkbox,
  Container,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  activeSubscription,
  emptyStatusCounts,
  type PersonRef,
  QUESTION_STATUSES,
  type QuestionStatus,
  STATUS_LABELS,
} from '@qbank/contract';
import IconFileImport from '@tabler/icons-react/dist/esm/icons/IconFileImport.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useLatestSearchParams } from '../../../lib/latest-search-params';
import { useAuth } from '../../accounts/api/auth';
import { useProductTree } from '../../catalogue/api/product-tree';
import { useQuestionList, useStatusCounts } from '../api/questions';
import { ExportMenu } from '../components/export-menu';
import { QuestionList } from '../components/question-list';
import { personName } from '../lib/format';
import {
  hasFilters,
  type ListState,
  listQueryOf,
  readListState,
  SORT_OPTIONS,
  toggledSort,
  writeListState,
} from '../lib/list-params';
import { filterOptions, placementLabel } from '../lib/placement';
import { canCreate, defaultStatusOf, questionViews, VIEW_LABELS } from '../lib/workflow';

/** Text search waits for a pause in typing before it asks the server. */
const SEARCH_DEBOUNCE_MS = 350;
const ALL = 'all';

function ListSkeleton() {
  return (
    <Stack gap="sm">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={56} radius="sm" />
      ))}
    </Stack>
  );
}

/** /questions: a writer's questions, an auditor's review queue or an admin's whole bank, by status, filtered, sorted and paged. */
export function MyQuestionsPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  const productId = active?.product.uuid ?? '';
  const views = questionViews(active, user?.superuser);
  const [params, setParams] = useLatestSearchParams();
  const state = readListState(params, views, defaultStatusOf);
  // From the address as it stands: a filter picked while the search is being written keeps the search.
  const update = (change: Partial<ListState>, keepPage = false) =>
    setParams(
      (latest) => {
        const next = {
          ...readListState(latest, views, defaultStatusOf),
          ...change,
          ...(keepPage ? {} : { page: 1 }),
        };
        return writeListState(next, defaultStatusOf(next.view));
      },
      { replace: !('page' in change) && !('view' in change) && !('status' in change) },
    );

  // The search box types freely; the address (and the call) follows once typing pauses.
  const [search, setSearch] = useState(state.text);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const lastApplied = useRef(state.text);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new pause in typing applies the term
  useEffect(() => {
    if (debounced === lastApplied.current) return;
    lastApplied.current = debounced;
    update({ text: debounced });
  }, [debounced]);

  const query = listQueryOf(state);
  const list = useQuestionList(productId, query);
  const counts = useStatusCounts(productId, state.view);
  const tree = useProductTree(productId);
  const options = filterOptions(tree.data?.productTree, state.subject, state.category);

  // Authors met in this view's pages so far: the author filter's choices (the contract lists no product's writers).
  const [authors, setAuthors] = useState<Map<string, PersonRef>>(new Map());
  useEffect(() => {
    const rows = list.data?.content ?? [];
    setAuthors((prev) => {
      if (rows.every((r) => prev.has(r.author.uuid))) return prev;
      const next = new Map(prev);
      for (const r of rows) next.set(r.author.uuid, r.author);
      return next;
    });
  }, [list.data]);
  const authorOptions = useMemo(() => {
    const opts = [...authors.values()]
      .map((a) => ({ value: a.uuid, label: personName(a) }))
      .sort((a, b) => a.label.localeCompare(b.label));
    if (state.author && !authors.has(state.author))
      opts.unshift({ value: state.author, label: 'Chosen author' });
    return opts;
  }, [authors, state.author]);

  const countOf = { ...emptyStatusCounts(), ...counts.data };
  const allCount = QUESTION_STATUSES.filter((s) => s !== 'DELETED').reduce((n, s) => n + countOf[s], 0);
  const tabValue = state.status ?? ALL;
  const page = list.data;
  const rows = page?.content ?? [];
  const mayCreate = canCreate(active, user?.superuser);
  const filtered = hasFilters(state);
  const placementOf = (id: string | null) => placementLabel(tree.data?.productTree, id);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = [
    state.subject,
    state.category,
    state.subcategory,
    state.author,
    state.needsChecking,
  ].filter(Boolean).length;

  if (!user || !active) return null;

  const listBody = (
    <QueryState
      query={list}
      label="Loading questions"
      skeleton={<ListSkeleton />}
      errorTitle="The questions could not be loaded"
      errorText="Check your connection and try again."
      empty={{
        when: () => rows.length === 0,
        title: filtered ? 'No questions match these filters' : 'No questions here yet',
        message: filtered
          ? 'Try fewer filters or another search word.'
          : state.view === 'AUDITOR' && state.status === 'SUBMITTED'
            ? 'Nothing is waiting for review. Questions that writers submit appear here.'
            : mayCreate
              ? 'Write a question: save it as a draft, then submit it for review when it is ready.'
              : 'Questions appear here as writers add them to this QBank.',
        action: filtered ? (
          <Button
            variant="default"
            mt="md"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => {
              setSearch('');
              lastApplied.current = '';
              update({
                text: '',
                subject: null,
                category: null,
                subcategory: null,
                author: null,
                needsChecking: false,
              });
            }}
          >
            Clear filters
          </Button>
        ) : (
          mayCreate && (
            <Button
              component={Link}
              to="/questions/new"
              mt="md"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              New question
            </Button>
          )
        ),
      }}
    >
      {() => (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
          <Text size="sm" c="dimmed" role="status">
            {page!.totalElements === 1
              ? '1 question'
              : `Questions ${page!.page * page!.size + 1}–${page!.page * page!.size + rows.length} of ${
                  page!.totalIsLowerBound
                    ? `more than ${(page!.totalElements - 1).toLocaleString('en-US')}`
                    : page!.totalElements
                }`}
          </Text>
          <QuestionList
            rows={rows}
            placementOf={placementOf}
            sort={state.sort}
            onSort={(field) => update({ sort: toggledSort(state.sort, field) })}
          />
          {page!.totalPages > 1 && (
            <Pagination
              total={page!.totalPages}
              value={state.page}
              onChange={(p) => update({ page: p }, true)}
              siblings={1}
              boundaries={1}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              aria-label="Pages"
            />
          )}
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Container size="lg" py="xl">
      <PageTitle name="My Questions" />
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1}>My Questions</Title>
          <Group gap="sm">
            {mayCreate && (
              <Button
                component={Link}
                to="/questions/import"
                variant="default"
                leftSection={<IconFileImport size={16} aria-hidden />}
              >
                Import questions
              </Button>
            )}
            <ExportMenu productId={productId} status={state.status} />
            {mayCreate && (
              <Button component={Link} to="/questions/new" leftSection={<IconPlus size={16} aria-hidden />}>
                New question
              </Button>
            )}
          </Group>
        </Group>
        {views.length > 1 && (
          <SegmentedControl
            aria-label="View"
            value={state.view}
            onChange={(v) =>
              update({
                view: v as ListState['view'],
                status: defaultStatusOf(v as ListState['view']),
                author: null,
              })
            }
            data={views.map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
            style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
          />
        )}
        <TextInput
          label="Search"
          placeholder="Words in the name or text"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          maw={{ sm: 480 }}
        />
        {/* On a phone the other filters fold away behind a button, so the list starts near the top. */}
        <Button
          hiddenFrom="sm"
          variant="default"
          aria-expanded={filtersOpen}
          aria-controls="question-filters"
          onClick={() => setFiltersOpen((o) => !o)}
          style={{ alignSelf: 'flex-start' }}
        >
          {filtersOpen
            ? 'Hide filters and sorting'
            : `Filters and sorting${activeFilters ? ` (${activeFilters})` : ''}`}
        </Button>
        <SimpleGrid
          id="question-filters"
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="sm"
          display={{ base: filtersOpen ? 'grid' : 'none', sm: 'grid' }}
        >
          <Select
            label="Sort by"
            data={SORT_OPTIONS}
            value={state.sort}
            allowDeselect={false}
            onChange={(v) => v && update({ sort: v as ListState['sort'] })}
          />
          {state.view !== 'WRITER' && (
            <Select
              label="Author"
              placeholder="Any author"
              data={authorOptions}
              value={state.author}
              clearable
              searchable
              nothingFoundMessage="No author seen yet"
              onChange={(v) => update({ author: v })}
            />
          )}
          <Select
            label="Subject"
            placeholder="Any subject"
            data={options.subjects}
            value={state.subject}
            clearable
            searchable
            onChange={(v) => update({ subject: v, category: null, subcategory: null })}
          />
          <Select
            label="Category"
            placeholder={state.subject ? 'Any category' : 'Choose a subject first'}
            data={options.categories}
            value={state.category}
            disabled={!state.subject}
            clearable
            searchable
            onChange={(v) => update({ category: v, subcategory: null })}
          />
          <Select
            label="Subcategory"
            placeholder={state.category ? 'Any subcategory' : 'Choose a category first'}
            data={options.subcategories}
            value={state.subcategory}
            disabled={!state.category}
            clearable
            searchable
            onChange={(v) => update({ subcategory: v })}
          />
          <Checkbox
            label="Needs checking"
            description="Flagged by its item statistics"
            checked={state.needsChecking}
            onChange={(e) => update({ needsChecking: e.currentTarget.checked })}
            style={{ alignSelf: 'end' }}
          />
        </SimpleGrid>
        {(active.admin || user.superuser) && (
          <Button
            component={Link}
            to="/admin/tree"
            variant="subtle"
            size="compact-sm"
            style={{ alignSelf: 'flex-start' }}
          >
            Edit the subject tree
          </Button>
        )}
        <Tabs
          value={tabValue}
          onChange={(v) => update({ status: v === ALL || !v ? null : (v as QuestionStatus) })}
          keepMounted
          activateTabWithKeyboard
        >
          <Tabs.List aria-label="Question status">
            <Tabs.Tab value={ALL}>All {allCount}</Tabs.Tab>
            {QUESTION_STATUSES.map((s) => (
              <Tabs.Tab key={s} value={s}>
                {STATUS_LABELS[s]} {countOf[s]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {[ALL, ...QUESTION_STATUSES].map((v) => (
            <Tabs.Panel key={v} value={v} pt="md">
              {v === tabValue && listBody}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
