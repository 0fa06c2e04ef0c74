import { useOutletContext } from 'react-router';

/** What the shell (components/app-shell-layout.tsx) offers the pages inside it, through its outlet's context. */
export interface ShellContext {
  /** Signs out on purpose: the visitor lands on / (not on /login, as after an expiry). */
  signOut(): void;
}

/** The shell's sign-out, for a page that must offer it itself (the run page hides the user menu). */
export function useShellSignOut(): () => void {
  return useOutletContext<ShellContext>().signOut;
}
