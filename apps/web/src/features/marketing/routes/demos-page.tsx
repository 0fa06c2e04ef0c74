import { Alert, AspectRatio, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Brand } from '@qbank/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';

export const DEMO_VIDEO = '/media/demo.webm';
export const DEMO_CAPTIONS = '/media/demo.en.vtt';

/** `/demos`: the demo video plus Book Personalized Demo and Contact Sales (SPEC §2). */
function DemosPageContent() {
  const [failed, setFailed] = useState(false);
  return (
    <Container size="md" py={{ base: 40, sm: 72 }}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>See {Brand.name} in action</Title>
          <Text size="lg" c="dimmed">
            A short tour: finding a question bank in the store, choosing a plan, registering and checking out,
            then starting to practise.
          </Text>
        </Stack>
        <AspectRatio ratio={16 / 9}>
          <video
            src={DEMO_VIDEO}
            controls
            preload="metadata"
            aria-label={`${Brand.name} product tour`}
            onError={() => setFailed(true)}
            style={{ width: '100%', borderRadius: 8, background: '#000' }}
          >
            <track kind="captions" src={DEMO_CAPTIONS} srcLang="en" label="English" default />
          </video>
        </AspectRatio>
        {failed && (
          <Alert color="yellow" title="The video could not be played">
            Your browser could not load the demo video. Book a personalized demo and we will show you the
            product live.
          </Alert>
        )}
        <Text>
          Want to see it with your own questions? We will walk your team through authoring, publishing and
          enrolling students in a live session.
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/contact?subject=SALES">
            Book Personalized Demo
          </Button>
          <Button component={Link} to="/contact?subject=SALES" variant="default">
            Contact Sales
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function DemosPage() {
  return (
    <>
      <PageTitle name="Demos" />
      <DemosPageContent />
    </>
  );
}
