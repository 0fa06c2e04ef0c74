import { Messages, type UserMe } from '@qbank/contract';
import { useCallback, useMemo } from 'react';
import { useAdoptSession, useLogin, useLogout, useRefreshSession, useSession } from './session';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  user: UserMe | null;
  /** Set when a session ended under the user: 'Your session has expired, please login again.' */
  expiredMessage: string | null;
  /** Signs in with the login form; throws HttpError (401) or TypeError (network). */
  login(username: string, password: string): Promise<void>;
  /** Adopts a session the server just created (registration completion). */
  adoptSession(accessToken: string): Promise<void>;
  logout(): Promise<void>;
  refresh(): Promise<void>;
}

/**
 * The auth state, read from the session query (session.ts): the cache holds the signed-in user, nothing beside it
 * does. Loading while the session loads (SPEC §4), then authenticated or not. The accounts feature's, beside the
 * session it reads: every feature (and app/) asks it here, as app/ is never a feature's to import.
 */
export function useAuth(): AuthState {
  const session = useSession();
  const login = useLogin();
  const adopt = useAdoptSession();
  const logout = useLogout();
  const refresh = useRefreshSession();
  const data = session.data;
  const signIn = login.mutateAsync;
  const adoptSession = adopt.mutateAsync;
  const signOut = logout.mutateAsync;
  const loginWith = useCallback(
    (username: string, password: string) => signIn({ username, password }),
    [signIn],
  );
  const logoutNow = useCallback(() => signOut(), [signOut]);
  return useMemo(
    () => ({
      status: !data ? 'loading' : data.user ? 'authenticated' : 'unauthenticated',
      user: data?.user ?? null,
      expiredMessage: data?.expired ? Messages.sessionExpired : null,
      login: loginWith,
      adoptSession,
      logout: logoutNow,
      refresh,
    }),
    [data, loginWith, adoptSession, logoutNow, refresh],
  );
}
