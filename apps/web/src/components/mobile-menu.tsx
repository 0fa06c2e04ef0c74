import { Button, Drawer, Stack, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

interface Props {
  opened: boolean;
  onClose(): void;
  links: { to: string; label: string }[];
  signedIn: boolean;
  onLogout(): void;
}

/** The site header's navigation on phones: a drawer from the right with the links and, signed in, the account's. */
export function MobileMenu({ opened, onClose, links, signedIn, onLogout }: Props) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" hiddenFrom="md" position="right" size="xs">
      <Stack component="nav" aria-label="Mobile">
        {links.map((l) => (
          <UnstyledButton key={l.to} component={Link} to={l.to} onClick={onClose} fw={500}>
            {l.label}
          </UnstyledButton>
        ))}
        {signedIn && (
          <>
            <UnstyledButton component={Link} to="/dashboard" onClick={onClose} fw={500}>
              Dashboard
            </UnstyledButton>
            <UnstyledButton component={Link} to="/account" onClick={onClose} fw={500}>
              Account Settings
            </UnstyledButton>
            <Button variant="default" onClick={onLogout}>
              Logout
            </Button>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
