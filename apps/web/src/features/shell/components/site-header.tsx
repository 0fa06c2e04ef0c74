import {
  Box,
  Burger,
  Button,
  CloseButton,
  Container,
  Group,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../../components/logo';
import { useAuth } from '../../accounts/api/auth';
import classes from './site-header.module.css';

const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const MobileMenu = lazy(() =>
  import('../../../components/mobile-menu').then((m) => ({ default: m.MobileMenu })),
);

const navLinks = [
  { to: '/store', label: 'Store' },
  { to: '/#pricing', label: 'Pricing' },
  { to: '/demos', label: 'Demos' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

const STATIC_MENU_ID = 'site-menu';

/**
 * The phone's menu of the landing page built as static HTML (app/prerender.tsx), where no script runs the
 * drawer: the browser's own popover, opened and closed by buttons that name it, closed by Esc or a tap outside.
 * It looks like the drawer and holds the same links.
 */
function StaticMobileMenu() {
  return (
    <div id={STATIC_MENU_ID} popover="auto" role="dialog" className={classes.staticMenu} aria-label="Menu">
      <Group justify="space-between" mb="md">
        <Text fw={500} size="lg">
          Menu
        </Text>
        <CloseButton popoverTarget={STATIC_MENU_ID} popoverTargetAction="hide" aria-label="Close menu" />
      </Group>
      <Stack component="nav" aria-label="Mobile">
        {navLinks.map((l) => (
          <UnstyledButton key={l.to} component={Link} to={l.to} fw={500}>
            {l.label}
          </UnstyledButton>
        ))}
      </Stack>
    </div>
  );
}

/**
 * Sticky site header. Logged out it offers Register and Sign In, each hidden on its own page and on store
 * product pages (SPEC §2); signed in, the shell's user menu. Three columns (two equal sides) keep the centre
 * navigation at the same place on every page, whatever the width of the buttons on the right. `prerendered`:
 * rendered once at build time for the static landing page, with a phone menu that needs no script. The public
 * frame's (app/public-layout.tsx), kept in the shell feature beside the user menu since both read the session.
 */
export function SiteHeader({ prerendered = false }: { prerendered?: boolean }) {
  const { status, user, logout } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Mounted from the first open on, so closing it still animates.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const path = pathname.toLowerCase();
  const onProductPage = path.startsWith('/store/products/');
  const showRegister = status === 'unauthenticated' && path !== '/register' && !onProductPage;
  const showSignIn = status === 'unauthenticated' && path !== '/login' && !onProductPage;
  const onStore = path === '/store' || path.startsWith('/store/');

  const onLogout = async () => {
    close();
    await logout();
    navigate('/');
  };

  const authButtons = (
    <>
      {showRegister && (
        <Button component={Link} to="/register" onClick={close} size="compact-md">
          Register
        </Button>
      )}
      {showSignIn && (
        <Button component={Link} to="/login" variant="default" onClick={close} size="compact-md">
          Sign In
        </Button>
      )}
    </>
  );

  return (
    <Box
      component="header"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        background: 'var(--mantine-color-body)',
        borderBottom: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Container size="lg" h={64}>
        <Box
          h="100%"
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) auto minmax(0, 1fr)',
            alignItems: 'center',
            columnGap: 16,
          }}
        >
          <Box style={{ justifySelf: 'start' }}>
            <Logo />
          </Box>
          <Group component="nav" aria-label="Main" gap="lg" wrap="nowrap" visibleFrom="md">
            {navLinks.map((l) => (
              <UnstyledButton key={l.to} component={Link} to={l.to} fw={500}>
                {l.label}
              </UnstyledButton>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ gridColumn: 3, justifySelf: 'end', minWidth: 0 }}>
            {authButtons}
            {status === 'authenticated' && user && (
              <Box visibleFrom="sm" style={{ minWidth: 0 }}>
                <Suspense fallback={null}>
                  <UserMenu onLogout={() => void onLogout()} withDashboard hideStore={onStore} />
                </Suspense>
              </Box>
            )}
            {/* Built as static HTML, the burger opens the browser's popover; in the app, the drawer. */}
            <Burger
              {...(prerendered
                ? { opened: false, popoverTarget: STATIC_MENU_ID }
                : {
                    opened,
                    onClick: () => {
                      setDrawerWanted(true);
                      toggle();
                    },
                  })}
              hiddenFrom="md"
              aria-label="Open navigation"
              size="sm"
            />
          </Group>
        </Box>
      </Container>
      {prerendered && <StaticMobileMenu />}
      {/* The phone's menu and the user menu load when first needed: most first visits open neither. */}
      {drawerWanted && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={opened}
            onClose={close}
            links={navLinks}
            signedIn={status === 'authenticated'}
            onLogout={() => void onLogout()}
          />
        </Suspense>
      )}
    </Box>
  );
}
