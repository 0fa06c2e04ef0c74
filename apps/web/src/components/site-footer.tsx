import { Anchor, Box, Container, Flex, Text } from '@mantine/core';
import { Brand } from '@qbank/contract';
import { Link } from 'react-router';
import classes from './site-footer.module.css';

/**
 * Footer with the copyright (this year) and policy links; policies are PDFs that open in a new tab. The year is
 * marked `data-this-year` so the static landing page, built before the year it is read in, sets it on load.
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        {/* Phones: centred lines, the links in two even rows; wider: copyright left, links right. */}
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          justify={{ base: 'center', sm: 'space-between' }}
          align="center"
          wrap="wrap"
          gap="sm"
        >
          <Text size="sm" c="dimmed" ta="center">
            © <span data-this-year>{year}</span> {Brand.name}. All rights reserved.
          </Text>
          <nav aria-label="Footer" className={classes.links}>
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
          </nav>
        </Flex>
      </Container>
    </Box>
  );
}
