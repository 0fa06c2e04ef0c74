import {
  Button,
  Center,
  Container,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useThrottledCallback } from '@mantine/hooks';
import { STORE_PAGE_SIZE } from '@qbank/contract';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { serverRendered } from '../../../lib/server-rendered';
import { useAuth } from '../../accounts/api/auth';
import { sessionQueryOptions } from '../../accounts/api/session';
import { storeSearchQuery } from '../api/store';
import type { SortOrder } from '../api/types';
import { ProductCard } from '../components/product-card';

/** SPEC §9: one search call per 3 s, the first at once. */
export const SEARCH_THROTTLE_MS = 3000;

/** Cards asked for at first and per "Show more": a store of thousands stays quick to open and to scroll. */
export { STORE_PAGE_SIZE };

export const resultCountText = (n: number) =>
  n === 0 ? 'No results' : `${n} ${n === 1 ? 'result' : 'results'}`;

/**
 * The route's loader, for the app's cache (app/router.tsx passes it in: a feature never imports app/): when the
 * server sent /store as HTML with its first page of cards (and their data inlined, lib/preloaded.ts), the cache
 * takes them before the app's first render, which then draws the same cards instead of a loader. Otherwise (the
 * app's own navigation) nothing: the page loads its cards itself.
 */
export const storeLoader = (queryClient: QueryClient) => async () => {
  if (serverRendered())
    await Promise.all([
      queryClient.prefetchQuery(sessionQueryOptions()),
      queryClient.prefetchInfiniteQuery(storeSearchQuery('', 'ASC')),
    ]);
  return null;
};

/** /store: search by name or content, sort A-Z / Z-A, product cards (SPEC §2). */
export function StorePage() {
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  const [sortOrder, setSortOrder] = useState<SortOrder>('ASC');
  // The first term at once, then at most one per interval with the latest term (a trailing call); the
  // hook drops a waiting call when the page goes.
  const applyTerm = useThrottledCallback((t: string) => setTerm(t), SEARCH_THROTTLE_MS);

  const { status } = useAuth();
  const results = useInfiniteQuery({
    ...storeSearchQuery(term, sortOrder),
    placeholderData: (prev) => prev,
    // Cards depend on who is looking (buttons, pricing block): wait until that is known.
    enabled: status !== 'loading',
  });
  // The server lists only products with an active public plan (SPEC §8); the count is its total.
  const pages = results.data?.pages ?? [];
  // A write between two pages can move a product from one page to the next: it is shown once.
  const products = [...new Map(pages.flatMap((p) => p.content).map((c) => [c.uuid, c])).values()];
  const total = pages[0]?.totalElements ?? 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    applyTerm(input);
  };

  return (
    <Container size="lg" py="xl">
      <PageTitle name="Store" />
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
        <QueryState
          query={results}
          label="Loading the store"
          errorTitle="The store could not be loaded"
          errorText="Please try again in a moment."
        >
          {() => (
            <>
              <Text role="status" aria-live="polite" fw={600}>
                {resultCountText(total)}
              </Text>
              {total === 0 ? (
                <Text c="dimmed">
                  No QBank matches your search. Try another word, or clear the search to see them all.
                </Text>
              ) : (
                <>
                  <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                    {products.map((p) => (
                      <ProductCard key={p.uuid} product={p} />
                    ))}
                  </SimpleGrid>
                  {results.hasNextPage && (
                    <Center>
                      <Button
                        variant="default"
                        loading={results.isFetchingNextPage}
                        onClick={() => void results.fetchNextPage()}
                      >
                        Show more ({total - products.length} more)
                      </Button>
                    </Center>
                  )}
                </>
              )}
            </>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
