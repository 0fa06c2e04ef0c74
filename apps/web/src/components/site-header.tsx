import { Box, Burger, Button, Container, Drawer, Group, Menu, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../app/auth';
import { Logo } from './logo';

const navLinks = [
  { to: '/store', label: 'Store' },
  { to: '/#pricing', label: 'Pricing' },
  { to: '/demos', label: 'Demos' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

/** Sticky site header. Logged out it offers Register and Sign In, each hidden on its own page and on store product pages (SPEC §2). */
export function SiteHeader() {
  const { status, user, logout } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  const path = pathname.toLowerCase();
  const onProductPage = path.startsWith('/store/products/');
  const showRegister = status === 'unauthenticated' && path !== '/register' && !onProductPage;
  const showSignIn = status === 'unauthenticated' && path !== '/login' && !onProductPage;

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
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Logo />
          <Group component="nav" aria-label="Main" gap="lg" visibleFrom="md">
            {navLinks.map((l) => (
              <UnstyledButton key={l.to} component={Link} to={l.to} fw={500}>
                {l.label}
              </UnstyledButton>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {authButtons}
            {status === 'authenticated' && user && (
              <Box visibleFrom="sm">
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button variant="default" aria-label="User menu">
                      {user.username}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item component={Link} to="/dashboard">
                      Dashboard
                    </Menu.Item>
                    <Menu.Item component={Link} to="/store">
                      Visit Store
                    </Menu.Item>
                    <Menu.Item component={Link} to="/account">
                      Account Settings
                    </Menu.Item>
                    <Menu.Item onClick={onLogout}>Logout</Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Box>
            )}
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label="Open navigation" size="sm" />
          </Group>
        </Group>
      </Container>
      <Drawer opened={opened} onClose={close} title="Menu" hiddenFrom="md" position="right" size="xs">
        <Stack component="nav" aria-label="Mobile">
          {navLinks.map((l) => (
            <UnstyledButton key={l.to} component={Link} to={l.to} onClick={close} fw={500}>
              {l.label}
            </UnstyledButton>
          ))}
          {status === 'authenticated' && (
            <>
              <UnstyledButton component={Link} to="/dashboard" onClick={close} fw={500}>
                Dashboard
              </UnstyledButton>
              <UnstyledButton component={Link} to="/account" onClick={close} fw={500}>
                Account Settings
              </UnstyledButton>
              <Button variant="default" onClick={onLogout}>
                Logout
              </Button>
            </>
          )}
        </Stack>
      </Drawer>
    </Box>
  );
}
