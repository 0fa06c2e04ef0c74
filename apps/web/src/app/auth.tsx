import { Messages, type UserMe } from '@qbank/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { fetchSession } from '../features/accounts/api/session';
import { api, HttpError, send, setAccessToken, setUnauthorizedHandler } from '../lib/http';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface AuthContextValue {
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

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<UserMe | null>(null);
  const [expiredMessage, setExpiredMessage] = useState<string | null>(null);

  const loadSession = useCallback(async () => {
    try {
      const s = await fetchSession();
      setAccessToken(s.accessToken);
      setUser(s.user);
      setStatus('authenticated');
      setExpiredMessage(null);
    } catch (e) {
      if (!(e instanceof HttpError && e.statusCode === 401)) console.warn('Could not load the session', e);
      setUser(null);
      setStatus('unauthenticated');
    }
  }, []);

  useEffect(() => {
    void loadSession();
  }, [loadSession]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setStatus((prev) => {
        if (prev === 'authenticated') setExpiredMessage(Messages.sessionExpired);
        return 'unauthenticated';
      });
      setUser(null);
      setAccessToken(null);
    });
    return () => setUnauthorizedHandler(null);
  }, []);

  const login = useCallback(
    async (username: string, password: string) => {
      const form = new URLSearchParams({ username, password });
      const { accessToken } = await api.post<{ accessToken: string }>('/login', form);
      setAccessToken(accessToken);
      await loadSession();
    },
    [loadSession],
  );

  const adoptSession = useCallback(
    async (accessToken: string) => {
      setAccessToken(accessToken);
      await loadSession();
    },
    [loadSession],
  );

  const logout = useCallback(async () => {
    try {
      await send('/logout', { quiet401: true });
    } catch {
      // Signed out locally whatever the server answered.
    }
    setAccessToken(null);
    setUser(null);
    setExpiredMessage(null);
    setStatus('unauthenticated');
  }, []);

  const value = useMemo(
    () => ({ status, user, expiredMessage, login, adoptSession, logout, refresh: loadSession }),
    [status, user, expiredMessage, login, adoptSession, logout, loadSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
