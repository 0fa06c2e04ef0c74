import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { NotificationsOutlet } from '../components/notifications-outlet';
import {
  type SessionState,
  sessionKeys,
  sessionQueryOptions,
  signedOut,
} from '../features/accounts/api/session';
import { queryClient } from './query-client';
import { router } from './router';
import { wireSessionExpiry } from './session-expiry';
import { theme } from './theme';

// SPEC §4: a 401 drops the access token; a dropped token while the cache holds a user is a session expiry,
// which leaves the user signed out with 'Your session has expired, please login again.'.
wireSessionExpiry({
  isSignedIn: () => !!queryClient.getQueryData<SessionState>(sessionKeys.current)?.user,
  onExpired: () => queryClient.setQueryData(sessionKeys.current, signedOut(true)),
});

// The session loads while the first page's code does, not after it has rendered.
void queryClient.prefetchQuery(sessionQueryOptions());

export function App() {
  return (
    <MantineProvider theme={theme}>
      <NotificationsOutlet />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
