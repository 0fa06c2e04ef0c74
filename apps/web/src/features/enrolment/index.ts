// Enrolment's pages (an invitation's link, a code's join page) and what other features use of it.

const PENDING_JOIN = 'qbank.pendingJoinCode';

/**
 * A code a signed-out visitor chose to join with before registering: kept in this browser so the end of their
 * registration can take them back to it.
 */
export const pendingJoin = {
  get: (): string | null => {
    try {
      return window.localStorage.getItem(PENDING_JOIN);
    } catch {
      return null;
    }
  },
  set: (code: string) => {
    try {
      window.localStorage.setItem(PENDING_JOIN, code);
    } catch {
      // Private mode without storage: the visitor opens the link again themselves.
    }
  },
  clear: () => {
    try {
      window.localStorage.removeItem(PENDING_JOIN);
    } catch {
      // As above.
    }
  },
};
