import { Alert, Box, Button, Card, Center, Loader, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

/** What QueryState reads of a TanStack query (useQuery's or useInfiniteQuery's result). */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface EmptyState<T> {
  /** Whether the data counts as empty (no rows). */
  when: (data: T) => boolean;
  /** A heading for a page's empty list; without one the message is a quiet line. */
  title?: string;
  /** The heading's level where the list sits (h2 by default). */
  order?: TitleOrder;
  message: ReactNode;
  /** The way on (write the first one, visit the store). */
  action?: ReactNode;
}

interface Props<T> {
  query: QueryLike<T>;
  /** The loading state's accessible name: "Loading your tests". */
  label: string;
  /** Placeholder rows drawn while loading instead of the Loader, under the same status and name. */
  skeleton?: ReactNode;
  /** A small loader in line (a panel's), instead of one centred in the page's area. */
  inline?: boolean;
  /** What could not be loaded: "The comments could not be loaded". */
  errorTitle: string;
  /** What to do about it, under the title. */
  errorText?: ReactNode;
  empty?: EmptyState<T>;
  children: (data: T) => ReactNode;
}

/**
 * The loading, error and empty states of a query, drawn alike everywhere: while it loads a Loader (or the
 * caller's skeleton) with role status and a name; when it failed with nothing to show, an alert with Retry;
 * when its data is empty, a message (with a heading and a way on for a page's list); else the children with
 * the data. Data kept from before stays on screen when a refetch fails.
 */
export function QueryState<T>({
  query,
  label,
  skeleton,
  inline,
  errorTitle,
  errorText,
  empty,
  children,
}: Props<T>) {
  const { data } = query;
  if (query.isError && data === undefined)
    return (
      <Alert color="red" role="alert" title={errorTitle}>
        {errorText && <Text size="sm">{errorText}</Text>}
        <Button variant="default" size="xs" mt={errorText ? 'sm' : 0} onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  if (query.isPending || data === undefined)
    return skeleton ? (
      <Box role="status" aria-label={label}>
        {skeleton}
      </Box>
    ) : inline ? (
      <Loader size="sm" role="status" aria-label={label} />
    ) : (
      <Center py="xl">
        <Loader role="status" aria-label={label} />
      </Center>
    );
  if (empty?.when(data))
    return empty.title ? (
      <Card withBorder p="lg" bg="gray.0">
        <Title order={empty.order ?? 2} size="h4">
          {empty.title}
        </Title>
        <Text mt="xs">{empty.message}</Text>
        {empty.action}
      </Card>
    ) : (
      <Text c="dimmed" size="sm">
        {empty.message}
        {empty.action}
      </Text>
    );
  return children(data);
}
