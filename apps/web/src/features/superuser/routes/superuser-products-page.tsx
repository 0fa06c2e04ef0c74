import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  createSuperProductInput,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_GROUPS,
  SUPER_PRODUCTS_PAGE_MAX,
  SUPER_PRODUCTS_PAGE_SIZE,
  type SuperProductRow,
} from '@qbank/contract';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { HttpError } from '../../../lib/http';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useCreateProduct, useSuperProducts } from '../api/products';
import { money, ProductBadges } from '../components/product-badges';

/** The search waits for a pause in typing before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

const ProductLink = ({ p }: { p: SuperProductRow }) => (
  <Anchor component={Link} to={`/superuser/products/${p.uuid}`} style={{ overflowWrap: 'anywhere' }}>
    {p.name}
  </Anchor>
);

const adminsText = (p: SuperProductRow) =>
  p.admins.length === 0 ? 'None yet' : p.admins.map((a) => a.email).join(', ');

function ProductsTable({ rows }: { rows: SuperProductRow[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={820} visibleFrom="sm" type="native">
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>QBank</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Admins</Table.Th>
              <Table.Th ta="right">Active students</Table.Th>
              <Table.Th ta="right">Revenue</Table.Th>
              <Table.Th>Created</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.uuid}>
                <Table.Td>
                  <ProductLink p={p} />
                </Table.Td>
                <Table.Td>
                  <ProductBadges p={p} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{adminsText(p)}</Table.Td>
                <Table.Td ta="right">{p.activeStudents}</Table.Td>
                <Table.Td ta="right">{money(p.revenue)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.createdAt.slice(0, 10)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((p) => (
          <Paper component="li" key={p.uuid} withBorder p="sm">
            <Stack gap={4}>
              <ProductLink p={p} />
              <ProductBadges p={p} />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Admins: {adminsText(p)}
              </Text>
              <Text size="sm">
                {p.activeStudents} active students · {money(p.revenue)} revenue
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}

function ProductsList() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.min(Math.max(Number(params.get('page')) || 0, 0), SUPER_PRODUCTS_PAGE_MAX);
  const [typed, setTyped] = useState(search);
  const [debounced] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  // The address keeps the search and the page, so Back from a QBank returns to the same list.
  useEffect(() => {
    if (debounced !== search)
      setParams(debounced ? { search: debounced } : {}, { replace: true, preventScrollReset: true });
  }, [debounced, search, setParams]);
  const list = useSuperProducts({ search, page });
  const goTo = (n: number) =>
    setParams({ ...(search ? { search } : {}), ...(n > 0 ? { page: String(n) } : {}) });

  return (
    <Stack component="section" aria-labelledby="super-products-list" gap="md">
      <Title order={2} id="super-products-list" size="h3">
        Every QBank
      </Title>
      <TextInput
        label="Search QBanks"
        description="Any part of the name"
        placeholder="e.g. Nursing"
        type="search"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        maw={{ sm: 480 }}
      />
      <QueryState
        query={list}
        label="Loading QBanks"
        skeleton={
          <Stack gap="xs">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        }
        errorTitle="The QBanks could not be loaded"
        errorText="Check your connection and try again."
        empty={{
          when: (p) => p.products.length === 0,
          title: search ? 'No QBank matches this search' : 'No QBanks yet',
          order: 3,
          message: search ? 'Try another part of the name.' : 'Create the first one above.',
        }}
      >
        {(p) => (
          <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
            <Text size="sm" c="dimmed" role="status">
              {`QBanks ${p.page * SUPER_PRODUCTS_PAGE_SIZE + 1}–${p.page * SUPER_PRODUCTS_PAGE_SIZE + p.products.length}${p.hasMore ? ' (more follow)' : ''}`}
            </Text>
            <ProductsTable rows={p.products} />
            {(p.page > 0 || p.hasMore) && (
              <Group gap="xs" component="nav" aria-label="Pages of QBanks">
                <Button variant="default" size="xs" disabled={p.page === 0} onClick={() => goTo(p.page - 1)}>
                  Previous page
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  disabled={!p.hasMore || p.page >= SUPER_PRODUCTS_PAGE_MAX}
                  onClick={() => goTo(p.page + 1)}
                >
                  Next page
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

const CATEGORY_DATA = [
  { value: '', label: 'Choose a category' },
  ...PRODUCT_CATEGORY_GROUPS.map((g) => ({
    group: g.group,
    items: PRODUCT_CATEGORIES.filter((c) => c.group === g.group).map((c) => ({
      value: c.value,
      label: c.label,
    })),
  })),
];

/** "Create QBank": a name, a category and the first admin's address; field errors land on their fields. */
function CreateProductForm() {
  const navigate = useNavigate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', category: '', adminEmail: '' },
    validate: schemaResolver(createSuperProductInput, { sync: true }),
  });
  const { submit, pending, error } = useFormSubmit(form, useCreateProduct(), {
    onSuccess: (r) => navigate(`/superuser/products/${r.product.uuid}`, { state: { message: r.message } }),
    // A taken name is a 409 naming `name`: it belongs under the field as a 400 does.
    onError: (e) => {
      if (!(e instanceof HttpError) || !e.field || !(e.field in form.getValues())) return false;
      form.setFieldError(e.field, e.serverMessage);
      return true;
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="create-product-title">
      <Title order={2} size="h3" id="create-product-title" mb="xs">
        Create QBank
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        For a new customer: the QBank starts unpublished, with an empty subject tree. Its first admin gets the
        role at once if they have an account; anyone else is mailed an invitation whose link creates it.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={{ sm: 480 }}>
          <TextInput label="Name" autoComplete="off" required {...form.getInputProps('name')} />
          <NativeSelect label="Category" required data={CATEGORY_DATA} {...form.getInputProps('category')} />
          <TextInput
            label="First admin's e-mail address"
            type="email"
            autoComplete="off"
            required
            {...form.getInputProps('adminEmail')}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
            Create QBank
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** /superuser/products: every QBank, and a form to create one (docs/superuser-products.md). */
export function SuperuserProductsPage() {
  return (
    <Container size="lg" py="xl">
      <PageTitle name="Products · Super" />
      <Stack gap="xl">
        <Anchor component={Link} to="/superuser">
          Back to Super
        </Anchor>
        <Title order={1}>Products</Title>
        <CreateProductForm />
        <ProductsList />
      </Stack>
    </Container>
  );
}
