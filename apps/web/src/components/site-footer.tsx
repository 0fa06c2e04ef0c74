import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Brand } from '@qbank/contract';
import { Link } from 'react-router';

/** Footer with the copyright (this year) and policy links; policies are PDFs that open in a new tab. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            © {year} {Brand.name}. All rights reserved.
          </Text>
          <Group gap="md" component="nav" aria-label="Footer">
            <Anchor href="/terms" target="_blank" rel="noopener" size="sm">
              Terms of Use
            </Anchor>
            <Anchor href="/privacy" target="_blank" rel="noopener" size="sm">
              Privacy Policy
            </Anchor>
            <Anchor href="/cookies" target="_blank" rel="noopener" size="sm">
              Cookie Policy
            </Anchor>
            <Anchor component={Link} to="/contact" size="sm">
              Contact
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
