import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Brand } from '@qbank/contract';
import { Link, useRouteError } from 'react-router';

/**
 * The root route's error element: what a person sees when a page fails to load or throws while rendering
 * (a page's code that can no longer be fetched after a release, a bug). It says so in plain words and
 * offers a reload and the way home; the error itself goes to the console for whoever debugs it.
 */
export function RouteError() {
  const error = useRouteError();
  console.warn('The page failed:', error);
  return (
    <Container component="main" id="main" size={560} py={{ base: 'lg', sm: 64 }}>
      <title>{`${Brand.domain} | Something went wrong`}</title>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md" align="flex-start">
          <Title order={1} size="h2">
            Sorry, this page could not be shown
          </Title>
          <Text>
            Something went wrong while loading it. Reloading usually helps; if it keeps happening, email{' '}
            <Anchor href={`mailto:${Brand.supportEmail}`}>{Brand.supportEmail}</Anchor>.
          </Text>
          <Group>
            <Button onClick={() => window.location.reload()}>Reload the page</Button>
            <Button component={Link} to="/" reloadDocument variant="default">
              Go to the homepage
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
