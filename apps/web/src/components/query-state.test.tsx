import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type QueryLike, QueryState } from './query-state';

const html = (node: ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);
const query = (q: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({
  data: undefined,
  isPending: false,
  isError: false,
  refetch: () => undefined,
  ...q,
});
const draw = (q: QueryLike<string[]>) =>
  html(
    <QueryState
      query={q}
      label="Loading rows"
      errorTitle="The rows could not be loaded"
      empty={{ when: (d) => d.length === 0, title: 'No rows yet', message: 'Add one.' }}
    >
      {(rows) => <p>{rows.join(',')}</p>}
    </QueryState>,
  );

describe('QueryState', () => {
  it('loading: a status with its name', () => {
    const out = draw(query({ isPending: true }));
    expect(out).toContain('role="status"');
    expect(out).toContain('aria-label="Loading rows"');
  });
  it('failed with nothing to show: an alert with Retry', () => {
    const out = draw(query({ isError: true }));
    expect(out).toContain('role="alert"');
    expect(out).toContain('The rows could not be loaded');
    expect(out).toContain('Retry');
  });
  it('a failed refetch keeps the data on screen', () => {
    expect(draw(query({ isError: true, data: ['a'] }))).toContain('<p>a</p>');
  });
  it('empty: the heading and message', () => {
    const out = draw(query({ data: [] }));
    expect(out).toContain('No rows yet');
    expect(out).toContain('Add one.');
  });
  it('data: the children', () => {
    expect(draw(query({ data: ['a', 'b'] }))).toContain('<p>a,b</p>');
  });
});
