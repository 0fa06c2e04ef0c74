import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';

/** Around every page: hash scrolling, scroll restoration. The public and signed-in frames sit inside. */
export function RootLayout() {
  const { hash } = useLocation();
  useEffect(() => {
    // A hash in the address is scrolled to once the page has rendered.
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const t = setTimeout(() => document.getElementById(id)?.scrollIntoView(), 50);
    return () => clearTimeout(t);
  }, [hash]);
  return (
    <>
      {/* The skip link is in index.html, before the app. */}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
