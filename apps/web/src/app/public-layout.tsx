import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../features/shell/components/site-header';

/**
 * The logged-out frame: sticky header, main landmark, footer. Around the route's page, or around `children` where
 * the page is rendered without the router's tree (the landing page built as static HTML, app/prerender.tsx).
 */
export function PublicLayout({ children, prerendered }: { children?: ReactNode; prerendered?: boolean }) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader prerendered={prerendered} />
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        {children ?? <Outlet />}
      </Box>
      <SiteFooter />
    </Box>
  );
}
