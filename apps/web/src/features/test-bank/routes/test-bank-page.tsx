import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { activeSubscription, TEMPLATE_PAGE_SIZE, type TemplateSummary } from '@qbank/contract';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { notifyError } from '../../../components/notify-error';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useAuth } from '../../accounts/api/auth';
import { useArchiveTemplate, useDuplicateTemplate, useTemplates } from '../api/test-bank';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'In use' },
  { value: 'ARCHIVED', label: 'Archived' },
  { value: 'ALL', label: 'All' },
];

function TemplateCard({ t }: { t: TemplateSummary }) {
  const navigate = useNavigate();
  const archive = useArchiveTemplate();
  const duplicate = useDuplicateTemplate();
  return (
    <Paper withBorder p="md" radius="md" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={`/test-builder/${t.uuid}`}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {t.name}
          </Anchor>
          <Text size="sm" c="gray.7">
            {t.questionCount} {t.questionCount === 1 ? 'question' : 'questions'}
            {t.kind === 'RULES' ? ' drawn by rules' : ' chosen'} · {t.mode === 'TIMED' ? 'Timed' : 'Tutor'} ·
            version {t.version} · changed {dateFormat.format(new Date(t.updatedAt))}
          </Text>
        </div>
        {t.archived && <Badge color="gray.7">Archived</Badge>}
      </Group>
      <Group gap="xs" mt="sm">
        <Button
          size="compact-sm"
          variant="default"
          component={Link}
          to={`/test-builder/${t.uuid}`}
          aria-label={`Edit ${t.name}`}
        >
          Edit
        </Button>
        {!t.archived && (
          <Button
            size="compact-sm"
            variant="default"
            component={Link}
            to={`/assignments/new?template=${t.uuid}`}
            aria-label={`Assign ${t.name}`}
          >
            Assign
          </Button>
        )}
        <Button
          size="compact-sm"
          variant="default"
          loading={duplicate.isPending}
          aria-label={`Duplicate ${t.name}`}
          onClick={() =>
            duplicate.mutate(t.uuid, {
              onSuccess: (copy) => navigate(`/test-builder/${copy.uuid}`),
              onError: (e) => notifyError('The template could not be duplicated', e),
            })
          }
        >
          Duplicate
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          loading={archive.isPending}
          aria-label={`${t.archived ? 'Restore' : 'Archive'} ${t.name}`}
          onClick={() =>
            archive.mutate(
              { id: t.uuid, archived: !t.archived },
              { onError: (e) => notifyError('The template could not be changed', e) },
            )
          }
        >
          {t.archived ? 'Restore' : 'Archive'}
        </Button>
      </Group>
    </Paper>
  );
}

/** /test-templates: the product's tests kept to assign, searched and archived. */
export function TestBankPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  const productId = active?.product.uuid ?? '';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<'ACTIVE' | 'ARCHIVED' | 'ALL'>('ACTIVE');
  const [page, setPage] = useState(1);
  const list = useTemplates(productId, {
    search: debounced || undefined,
    status,
    page: page - 1,
    size: TEMPLATE_PAGE_SIZE,
  });
  if (!active) return null;
  return (
    <Container size="lg" py="xl">
      <PageTitle name="Test Bank" />
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <div>
            <Title order={1}>Test Bank</Title>
            <Text c="dimmed" size="sm">
              {active.product.name}
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="default" component={Link} to="/assignments">
              Assignments
            </Button>
            <Button component={Link} to="/test-builder/new" leftSection={<IconPlus size={16} aria-hidden />}>
              New test
            </Button>
          </Group>
        </Group>
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Search"
            type="search"
            placeholder="Test name"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 200px', minWidth: 0 }}
          />
          <Select
            label="Show"
            data={STATUS_OPTIONS}
            value={status}
            allowDeselect={false}
            onChange={(v) => {
              if (v) setStatus(v as typeof status);
              setPage(1);
            }}
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
        <QueryState
          query={list}
          label="Loading tests"
          errorTitle="The tests could not be loaded"
          errorText="Check your connection and try again."
          empty={{
            when: (p) => p.content.length === 0,
            title: debounced || status !== 'ACTIVE' ? 'No test matches' : 'No test yet',
            message:
              debounced || status !== 'ACTIVE'
                ? 'Try another name or show all tests.'
                : 'Build one from chosen questions or from rules with New test.',
          }}
        >
          {(p) => (
            <Stack gap="sm">
              <Stack component="ul" gap="sm" p={0} m={0} aria-label="Tests">
                {p.content.map((t) => (
                  <TemplateCard key={t.uuid} t={t} />
                ))}
              </Stack>
              {p.totalPages > 1 && (
                <Pagination
                  total={p.totalPages}
                  value={page}
                  onChange={setPage}
                  size="sm"
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
                />
              )}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
