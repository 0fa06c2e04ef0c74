import { act, render, waitFor } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLatestSearchParams } from './latest-search-params';

// A handler made in one render may run after another handler has changed the address and before the page has
// drawn again (a filter picked while the debounced search is being written): its change adds to the address as
// it stands, and takes nothing away.

let setFromFirstRender: ReturnType<typeof useLatestSearchParams>[1] | null = null;

function List() {
  const [params, setParams] = useLatestSearchParams();
  setFromFirstRender ??= setParams;
  return <output>{params.toString()}</output>;
}

describe('useLatestSearchParams', () => {
  it('a setter from an earlier render keeps what was written since', async () => {
    window.history.replaceState(null, '', '/list?sort=name');
    const router = createBrowserRouter([{ path: '/list', element: <List /> }]);
    const { container } = render(<RouterProvider router={router} />);
    const set = setFromFirstRender!;

    await act(async () =>
      set((p) => {
        p.set('q', 'berg');
        return p;
      }),
    );
    await waitFor(() => expect(window.location.search).toBe('?sort=name&q=berg'));
    await act(async () =>
      set((p) => {
        p.set('status', 'ALL');
        return p;
      }),
    );
    await waitFor(() => expect(window.location.search).toBe('?sort=name&q=berg&status=ALL'));
    expect(container.querySelector('output')?.textContent).toBe('sort=name&q=berg&status=ALL');
    router.dispose();
  });
});
