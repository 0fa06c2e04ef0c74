import { ErrorCode, Messages, type UserMe } from '@qbank/contract';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { fetchSession } from '../features/accounts/api/session';
import { api, HttpError, send, setAccessToken } from '../lib/http';
import { wireSessionExpiry } from './session-expiry';

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
  const [status, setStatusState] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<UserMe | null>(null);
  const [expiredMessage, setExpiredMessage] = useState<string | null>(null);
  // The API client's callbacks run outside React; they read the status from here.
  const statusRef = useRef<AuthStatus>('loading');
  const setStatus = useCallback((next: AuthStatus) => {
    statusRef.current = next;
    setStatusState(next);
  }, []);

  const expire = useCallback(() => {
    setStatus('unauthenticated');
    setUser(null);
    setExpiredMessage(Messages.sessionExpired);
  }, [setStatus]);

  const loadSession = useCallback(async () => {
    try {
      const s = await fetchSession();
      setAccessToken(s.accessToken);
      setUser(s.user);
      setStatus('authenticated');
      setExpiredMessage(null);
    } catch (e) {
      const unauthorized = e instanceof HttpError && e.statusCode === 401;
      if (!unauthorized) console.warn('Could not load the session', e);
      // A cookie whose session ended (SESSION_EXPIRED), or a refresh that finds the session gone, is an expiry;
      // no cookie at all is simply signed out.
      const expired =
        unauthorized && (e.code === ErrorCode.SESSION_EXPIRED || statusRef.current === 'authenticated');
      if (expired) {
        expire();
        setAccessToken(null);
      } else {
        setUser(null);
        setStatus('unauthenticated');
      }
    }
  }, [expire, setStatus]);

  useEffect(() => {
    void loadSession();
  }, [loadSession]);

  useEffect(
    () => wireSessionExpiry({ isSignedIn: () => statusRef.current === 'authenticated', onExpired: expire }),
    [expire],
  );

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
    // Signed out first, so dropping the token below is not taken for an expiry.
    setStatus('unauthenticated');
    setUser(null);
    setExpiredMessage(null);
    setAccessToken(null);
  }, [setStatus]);

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
