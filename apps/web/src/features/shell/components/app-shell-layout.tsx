import {
  AppShell,
  Box,
  Burger,
  Center,
  em,
  Group,
  Loader,
  Menu,
  NavLink,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { activeSubscription, Brand, sidebarLinks } from '@qbank/contract';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth';
import { Logo } from '../../../components/logo';
import { SiteFooter } from '../../../components/site-footer';
import { HttpError } from '../../../lib/http';
import { useLogo } from '../../store/api/store';
import { setLastUsedProduct } from '../../subscriptions/api/subscriptions';
import { fetchTestInProgress } from '../api/tests';

const RUN_PAGE = /^\/tests\/[^/]+\/run\/?$/i;
const REVIEW_PAGE = /^\/tests\/[^/]+\/review\/?$/i;

/** Handles a user-menu choice; an unexpected key is logged as a warning (SPEC §8). */
export function menuAction(key: string, actions: Record<string, () => void>): void {
  const action = actions[key];
  if (action) action();
  else console.warn(`Unexpected menu key: ${key}`);
}

/** A page title with its domain prefix swapped: `qbankcloud.com | Dashboard` -> `nclex.example.com | Dashboard`. */
export function titleWithDomain(title: string, domain: string): string {
  const i = title.indexOf(' | ');
  return i < 0 ? domain : `${domain}${title.slice(i)}`;
}

/** The signed-in frame (SPEC §2): header with logo, active product and user menu, a sidebar by role, footer. */
export function AppShellLayout() {
  const { status, user, logout, refresh } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const phone = useMediaQuery(`(max-width: ${em(767.98)})`); // below the navbar's 'sm' breakpoint
  const active = user ? activeSubscription(user) : null;
  const headerLogo = useLogo(active?.product.uuid, 'HEADER_LOGO');
  const isStudent = !!active?.student;

  // A student with a test in progress goes back to it (SPEC §2, §6).
  const inProgress = useQuery({
    queryKey: ['tests', 'inprogress', active?.product.uuid],
    queryFn: async () => {
      try {
        return await fetchTestInProgress();
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 404) return null; // a 404 means none
        throw e;
      }
    },
    enabled: status === 'authenticated' && isStudent,
  });
  const runUuid = inProgress.data?.uuid;
  useEffect(() => {
    if (runUuid && !RUN_PAGE.test(pathname)) navigate(`/tests/${runUuid}/run`, { replace: true });
  }, [runUuid, pathname, navigate]);
  // SPEC §2: signed in, the page title prefix is the active product's domain name. RootLayout's title
  // effect runs after this one in the same commit (parents after children), so the swap waits for it.
  const domain = active?.product.domainName || Brand.domain;
  useEffect(() => {
    if (!pathname) return;
    let live = true;
    queueMicrotask(() => {
      if (live) document.title = titleWithDomain(document.title, domain);
    });
    return () => {
      live = false;
    };
  }, [pathname, domain]);
  useEffect(() => {
    if (pathname) close(); // a navigation closes the mobile sidebar
  }, [pathname, close]);

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
  const headerBg = colors.HEADER_BACKGROUND;
  const headerText = colors.HEADER_TEXT;
  const others = user.subscriptions.filter(
    (s) => s.active && s.subscriptionUuid !== active?.subscriptionUuid,
  );
  const links = sidebarLinks(active, user.superuser);
  const bare = RUN_PAGE.test(pathname);
  const sidebarHidden = bare || (phone && !opened);
  const showFooter = !bare && !REVIEW_PAGE.test(pathname);

  const choose = (key: string) =>
    menuAction(key, {
      store: () => navigate('/store'),
      settings: () => navigate('/account'),
      // Signed out on purpose, the shell sends the visitor to / rather than to /login.
      logout: () => {
        setLoggingOut(true);
        void logout();
      },
    });
  const changeProduct = async (productUuid: string) => {
    await setLastUsedProduct(user.uuid, productUuid);
    await refresh();
    navigate('/dashboard');
  };

  return (
    <AppShell
      header={{ height: 60, collapsed: bare }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened || bare, desktop: bare } }}
      padding={0}
    >
      <AppShell.Header style={{ background: headerBg, color: headerText }}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle sidebar"
              color={headerText}
            />
            {headerLogo.data ? (
              <Link to="/dashboard" aria-label="Dashboard">
                <img
                  src={headerLogo.data}
                  alt={`${active?.product.name ?? ''} logo`}
                  style={{ maxHeight: 36, maxWidth: 140 }}
                />
              </Link>
            ) : headerText ? (
              // The platform's logo in the product's header text colour, legible on its header background.
              <Link to="/dashboard" aria-label="Dashboard" style={{ textDecoration: 'none' }}>
                <Group gap={8} wrap="nowrap">
                  <img src="/favicon.svg" alt="" width={28} height={28} />
                  <Text fw={800} size="lg" c={headerText} visibleFrom="xs" span>
                    {Brand.name}
                  </Text>
                </Group>
              </Link>
            ) : (
              <Logo to="/dashboard" />
            )}
            {active && (
              <Text fw={600} truncate="end" visibleFrom="xs" c={headerText}>
                {active.product.name}
              </Text>
            )}
          </Group>
          {/* In the header's landmark, and without Mantine's focus placeholder (not a menu item). */}
          <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <UnstyledButton
                aria-label="User menu"
                px="sm"
                py={6}
                style={{
                  borderRadius: 6,
                  background: colors.DROPDOWN_BUTTON ?? 'var(--mantine-color-gray-1)',
                  color: colors.DROPDOWN_BUTTON_TEXT ?? 'inherit',
                }}
              >
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600} truncate="end" maw={180}>
                    {user.username}
                  </Text>
                  <IconChevronDown size={14} aria-hidden />
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>
                {user.username}
                {active ? ` · ${active.product.name}` : ''}
              </Menu.Label>
              {user.subscriptions.filter((s) => s.active).length > 1 && (
                <>
                  <Menu.Label>Change active product</Menu.Label>
                  {others.map((s) => (
                    <Menu.Item key={s.subscriptionUuid} onClick={() => void changeProduct(s.product.uuid)}>
                      {s.product.name}
                    </Menu.Item>
                  ))}
                  <Menu.Divider />
                </>
              )}
              <Menu.Item onClick={() => choose('store')}>Visit Store</Menu.Item>
              <Menu.Item onClick={() => choose('settings')}>Account Settings</Menu.Item>
              <Menu.Item onClick={() => choose('logout')}>Logout</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="sm"
        aria-label="Sidebar"
        // Collapsed, it only slides out of view: hidden too, so its links leave the tab order.
        style={sidebarHidden ? { visibility: 'hidden' } : undefined}
      >
        {links.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            Join a QBank in the{' '}
            <Link to="/store" onClick={close}>
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
              onClick={close}
            />
          ))
        )}
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <Box mih={bare ? '100vh' : 'calc(100vh - 60px)'} style={{ display: 'flex', flexDirection: 'column' }}>
          <Box style={{ flex: 1 }}>
            <Outlet />
          </Box>
          {showFooter && <SiteFooter />}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
