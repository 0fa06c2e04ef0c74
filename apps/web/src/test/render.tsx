// Renders a component or a page as the app does: in Mantine's provider with the app's theme; a page also with
// a query cache filled beforehand (as the server's data fills it) and a router at its address.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { theme } from '../app/theme';

export const renderWithTheme = (ui: ReactElement) =>
  render(<MantineProvider theme={theme}>{ui}</MantineProvider>);

/** `page` at `path` (a route pattern) opened at `url`, with `data` in its query cache by key. */
export function renderPage(
  page: ReactElement,
  { path, url, data }: { path: string; url: string; data: [readonly unknown[], unknown][] },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={page} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
