// The shell feature's public surface for the other features: what a page inside the signed-in frame may use
// of it. The frames themselves (app-shell-layout.tsx, site-header.tsx) are app/'s to compose, not re-exported
// here, so a page importing this file pulls no layout into its chunk.
export { type ShellContext, useShellSignOut } from './hooks/use-shell-sign-out';
