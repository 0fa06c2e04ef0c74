import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../features/accounts/api/auth';

/** Signed-in routes: a spinner while the session loads, the login page when there is none. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading')
    return (
      <Center mih="50vh">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  if (status === 'unauthenticated')
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
