import { setAccessToken, setReauthorizeHandler, setUnauthorizedHandler } from '../lib/http';

export interface SessionExpiryHooks {
  /** Whether the app believes a user is signed in right now. */
  isSignedIn(): boolean;
  /** The session ended under a signed-in user: go unauthenticated with the session-expiry message. */
  onExpired(): void;
}

/**
 * Wires SPEC §4's two callbacks of the API client: a 401 runs the logout callback, which drops the access
 * token; setting a falsy token runs the reauthorize callback, which, if a user was signed in, ends the
 * signed-in state with 'Your session has expired, please login again.'. A deliberate logout marks the user
 * signed out before it drops the token, so it shows no such message. Returns the unwiring function.
 */
export function wireSessionExpiry(hooks: SessionExpiryHooks): () => void {
  setUnauthorizedHandler(() => setAccessToken(null));
  setReauthorizeHandler(() => {
    if (hooks.isSignedIn()) hooks.onExpired();
  });
  return () => {
    setUnauthorizedHandler(null);
    setReauthorizeHandler(null);
  };
}
