import { AppShell, Box, Burger, Center, em, Group, Loader, NavLink, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { activeSubscription, Brand, headerColors, sidebarLinks } from '@qbank/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../../components/logo';
import { TitlePrefix } from '../../../components/page-title';
import { SiteFooter } from '../../../components/site-footer';
import { useAuth } from '../../accounts/api/auth';
import { useTestInProgress } from '../../exams/api/tests';
import { useLogo } from '../../store/api/store';
import type { ShellContext } from '../hooks/use-shell-sign-out';
import { UserMenu } from './user-menu';

const RUN_PAGE = /^\/tests\/[^/]+\/run\/?$/i;
const REVIEW_PAGE = /^\/tests\/[^/]+\/review\/?$/i;

/** The signed-in frame (SPEC §2): header with logo, active product and user menu, a sidebar by role, footer. */
export function AppShellLayout() {
  const { status, user, logout } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The sidebar starts open on wider screens and closed on phones; each width keeps its own state.
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  const [loggingOut, setLoggingOut] = useState(false);
  const phone = useMediaQuery(`(max-width: ${em(767.98)})`); // below the navbar's 'sm' breakpoint
  const active = user ? activeSubscription(user) : null;
  const headerLogo = useLogo(active?.product.uuid, 'HEADER_LOGO');
  const isStudent = !!active?.student;

  // A student who arrives (signs in, opens the app) with a test running goes back to it (SPEC §2, §6). Only on
  // arrival: one who then leaves the exam screen for another page is not sent back, and a suspended test
  // waits on the dashboard with Resume.
  const inProgress = useTestInProgress(active?.product.uuid, status === 'authenticated' && isStudent);
  const runUuid = inProgress.data?.status === 'IN_PROGRESS' ? inProgress.data.uuid : undefined;
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current || !inProgress.isFetched) return;
    arrived.current = true;
    if (runUuid && !RUN_PAGE.test(pathname)) navigate(`/tests/${runUuid}/run`, { replace: true });
  }, [inProgress.isFetched, runUuid, pathname, navigate]);
  // SPEC §2: signed in, the page title prefix is the active product's domain name (the pages' <PageTitle>).
  const domain = active?.product.domainName || Brand.domain;
  useEffect(() => {
    if (pathname) closeMobile(); // a navigation closes the phone's sidebar, which covers the page
  }, [pathname, closeMobile]);

  if (status === 'loading')
    return (
      <Center mih="100vh">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  if (status === 'unauthenticated' || !user)
    return loggingOut ? (
      <Navigate to="/" replace />
    ) : (
      <Navigate to="/login" replace state={{ from: pathname }} />
    );

  const colors = active?.product.colorMap ?? {};
  // A background without its text colour gets black or white, whichever reads better (docs/branding.md).
  const drawn = headerColors(colors);
  const headerBg = drawn.background;
  const headerText = drawn.text;
  const links = sidebarLinks(active, user.superuser);
  const bare = RUN_PAGE.test(pathname);
  const sidebarHidden = phone ? !mobileOpened : !desktopOpened;
  const showFooter = !bare && !REVIEW_PAGE.test(pathname);

  // Signed out on purpose, the shell sends the visitor to / rather than to /login.
  const signOut = () => {
    setLoggingOut(true);
    void logout();
  };
  // SPEC §3: USE_CUSTOM_QBANK_LOGO_COLOR 'true' draws the platform logo in the product's header text colour.
  const logoColor = colors.USE_CUSTOM_QBANK_LOGO_COLOR === 'true' ? headerText : undefined;
  const burger = (opened: boolean, toggle: () => void) => ({
    opened,
    onClick: toggle,
    size: 'sm' as const,
    'aria-label': 'Toggle sidebar',
    'aria-expanded': opened,
    'aria-controls': 'app-sidebar',
    color: headerText,
  });

  return (
    <AppShell
      header={{ height: 60, collapsed: bare }}
      navbar={{
        width: 240,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened || bare, desktop: !desktopOpened || bare },
      }}
      padding={0}
    >
      {/* Not rendered at all on the run page: collapsed alone, they would stay in the tab order. */}
      {!bare && (
        <>
          <AppShell.Header style={{ background: headerBg, color: headerText }}>
            <Group h="100%" px="md" justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                {/* SPEC §2: a hamburger for the sidebar at every width (a phone's and a wider screen's state). */}
                <Burger {...burger(mobileOpened, toggleMobile)} hiddenFrom="sm" />
                <Burger {...burger(desktopOpened, toggleDesktop)} visibleFrom="sm" />
                {headerLogo.data ? (
                  <Link to="/dashboard" aria-label="Dashboard">
                    <img
                      src={headerLogo.data}
                      alt={`${active?.product.name ?? ''} logo`}
                      style={{ maxHeight: 36, maxWidth: phone ? 88 : 140, display: 'block' }}
                    />
                  </Link>
                ) : logoColor || !headerBg ? (
                  <Logo to="/dashboard" color={logoColor} />
                ) : (
                  // The logo in its own colours on a product's header background: on a light chip, so it
                  // stays legible whatever that background is.
                  <Box bg="white" px={6} py={2} style={{ borderRadius: 8 }}>
                    <Logo to="/dashboard" />
                  </Box>
                )}
                {/* SPEC §2: the header shows the active product at every width, cut short with an ellipsis. */}
                {active && (
                  <Text
                    fw={600}
                    truncate="end"
                    c={headerText}
                    title={active.product.name}
                    style={{ minWidth: 0 }}
                  >
                    {active.product.name}
                  </Text>
                )}
              </Group>
              <UserMenu
                onLogout={signOut}
                buttonBackground={colors.DROPDOWN_BUTTON}
                buttonColor={drawn.buttonText}
              />
            </Group>
          </AppShell.Header>
          <AppShell.Navbar
            id="app-sidebar"
            p="sm"
            aria-label="Sidebar"
            // Collapsed, it only slides out of view: hidden too, so its links leave the tab order.
            style={sidebarHidden ? { visibility: 'hidden' } : undefined}
          >
            {links.length === 0 ? (
              <Text size="sm" c="dimmed" p="sm">
                Join a QBank in the{' '}
                <Link to="/store" onClick={closeMobile}>
                  store
                </Link>{' '}
                to start.
              </Text>
            ) : (
              links.map((l) => (
                <NavLink
                  key={l.to}
                  component={Link}
                  to={l.to}
                  label={l.label}
                  active={pathname === l.to}
                  onClick={closeMobile}
                />
              ))
            )}
          </AppShell.Navbar>
        </>
      )}
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <Box mih={bare ? '100vh' : 'calc(100vh - 60px)'} style={{ display: 'flex', flexDirection: 'column' }}>
          <Box style={{ flex: 1 }}>
            <TitlePrefix.Provider value={domain}>
              <Outlet context={{ signOut } satisfies ShellContext} />
            </TitlePrefix.Provider>
          </Box>
          {showFooter && <SiteFooter />}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
