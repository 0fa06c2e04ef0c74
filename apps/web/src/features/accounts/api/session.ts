import { ErrorCode, type UserMe } from '@qbank/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, HttpError, setAccessToken } from '../../../lib/http';

/**
 * The signed-in user as the cache holds it: the user, or nobody; `expired` says the session ended under a
 * signed-in user (SPEC §4), for the login page's 'Your session has expired, please login again.'.
 */
export type SessionState = { user: UserMe; expired: false } | { user: null; expired: boolean };

/**
 * The accounts endpoints' declarations, fetched beside the first page rather than in it: they carry the
 * contract's zod schemas, which the landing page does not otherwise need (its first load stays small).
 */
const accounts = () => import('@qbank/contract/endpoints/accounts').then((m) => m.accountsApi);

export const sessionKeys = {
  current: ['session'] as const,
};

export const signedOut = (expired: boolean): SessionState => ({ user: null, expired });

/**
 * GET /api/v1/session: the user and the access token, which is kept in memory by the API client, never in the
 * cache (SPEC §3). A 401 is being signed out: an expiry when the server says the session ended, or when the
 * cache held a user (a refresh that finds the session gone); no cookie at all is simply signed out.
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.current,
    queryFn: async ({ client, signal }): Promise<SessionState> => {
      try {
        const s = await call((await accounts()).session, {}, { quiet401: true, signal });
        if (signal.aborted) throw signal.reason;
        setAccessToken(s.accessToken);
        return { user: s.user, expired: false };
      } catch (e) {
        // A load overtaken by a sign-in (see reloadSession) must not sign anyone out.
        if (signal.aborted) throw e;
        const unauthorized = e instanceof HttpError && e.statusCode === 401;
        if (!unauthorized) console.warn('Could not load the session', e);
        const wasSignedIn = !!client.getQueryData<SessionState>(sessionKeys.current)?.user;
        const expired = unauthorized && (e.code === ErrorCode.SESSION_EXPIRED || wasSignedIn);
        if (expired) setAccessToken(null);
        return signedOut(expired);
      }
    },
    // The session changes only through the hooks below and the API client's 401 callback.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * Loads the session afresh. A load still running (the one started with the app, before a sign-in) is cancelled
 * first: it would answer for the session as it was before.
 */
async function reloadSession(queryClient: QueryClient) {
  await queryClient.cancelQueries({ queryKey: sessionKeys.current });
  await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}

/** The signed-in user: pending while the session loads, then the user or nobody. */
export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** Signs in with the login form's data (SPEC §7 POST login, form data); throws HttpError 401 or a network TypeError. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, password }: { username: string; password: string }) => {
      const { accessToken } = await call((await accounts()).login, {
        body: new URLSearchParams({ username, password }),
      });
      setAccessToken(accessToken);
      await reloadSession(queryClient);
    },
  });
}

/** Adopts a session the server has just created (registration completion answers its access token). */
export function useAdoptSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (accessToken: string) => {
      setAccessToken(accessToken);
      await reloadSession(queryClient);
    },
  });
}

/** Signs out: on the server if it answers, locally whatever it answers. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await call((await accounts()).logout, {}, { quiet401: true });
      } catch {
        // Signed out locally whatever the server answered.
      }
      // Signed out first, so dropping the token below is not taken for an expiry.
      queryClient.setQueryData(sessionKeys.current, signedOut(false));
      setAccessToken(null);
    },
  });
}

/** Reloads the signed-in user (after a purchase, a subscription change, a new active product). */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 }).then(() => undefined),
    [queryClient],
  );
}
