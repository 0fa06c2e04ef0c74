import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../../app/auth';
import { throttle } from '../../../lib/throttle';
import { searchProducts } from '../api/store';
import type { SortOrder } from '../api/types';
import { ProductCard } from '../components/product-card';

/** SPEC §9: one search call per 3 s, the first at once. */
export const SEARCH_THROTTLE_MS = 3000;

/** Cards drawn at first and per "Show more": a store of thousands stays quick to open and to scroll. */
export const STORE_PAGE_SIZE = 24;

export const resultCountText = (n: number) =>
  n === 0 ? 'No results' : `${n} ${n === 1 ? 'result' : 'results'}`;

/** /store: search by name or content, sort A-Z / Z-A, product cards (SPEC §2). */
export function StorePage() {
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  const [sortOrder, setSortOrder] = useState<SortOrder>('ASC');
  const [shown, setShown] = useState(STORE_PAGE_SIZE);
  const applyTerm = useMemo(() => throttle((t: string) => setTerm(t), SEARCH_THROTTLE_MS), []);
  useEffect(() => () => applyTerm.cancel(), [applyTerm]);

  const { status } = useAuth();
  const results = useQuery({
    queryKey: ['store', term, sortOrder],
    queryFn: () => searchProducts(term, sortOrder),
    placeholderData: (prev) => prev,
    // Cards depend on who is looking (buttons, pricing block): wait until that is known.
    enabled: status !== 'loading',
  });
  // Products without an active public plan are not shown (SPEC §8).
  const products = (results.data ?? []).filter((p) => p.billingPlans.length > 0);
  // A new search or order starts from the top again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the query changes
  useEffect(() => setShown(STORE_PAGE_SIZE), [term, sortOrder]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    applyTerm(input);
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>QBank Store</Title>
          <Text c="dimmed">
            Question banks written by educators and specialists. Start free or buy full access.
          </Text>
        </div>
        <form onSubmit={submit} role="search" aria-label="Search the store">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Search by name or content"
              value={input}
              onChange={(e) => {
                setInput(e.currentTarget.value);
                applyTerm(e.currentTarget.value);
              }}
              leftSection={<IconSearch size={16} aria-hidden />}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit">Search</Button>
            <Select
              label="Sort"
              data={[
                { value: 'ASC', label: 'A-Z' },
                { value: 'DESC', label: 'Z-A' },
              ]}
              value={sortOrder}
              onChange={(v) => setSortOrder((v as SortOrder | null) ?? 'ASC')}
              allowDeselect={false}
              w={110}
            />
          </Group>
        </form>
        {results.isError ? (
          <Alert color="red" role="alert">
            The store could not be loaded. Please try again in a moment.
            <Button variant="subtle" size="xs" ml="sm" onClick={() => void results.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : results.isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label="Loading the store" />
          </Center>
        ) : (
          <>
            <Text role="status" aria-live="polite" fw={600}>
              {resultCountText(products.length)}
            </Text>
            {products.length === 0 ? (
              <Text c="dimmed">
                No QBank matches your search. Try another word, or clear the search to see them all.
              </Text>
            ) : (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  {products.slice(0, shown).map((p) => (
                    <ProductCard key={p.uuid} product={p} />
                  ))}
                </SimpleGrid>
                {products.length > shown && (
                  <Center>
                    <Button variant="default" onClick={() => setShown((n) => n + STORE_PAGE_SIZE)}>
                      Show more ({products.length - shown} more)
                    </Button>
                  </Center>
                )}
              </>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
