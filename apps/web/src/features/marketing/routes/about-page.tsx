import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Brand } from '@qbank/contract';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';

const values = [
  {
    title: 'Educators own their work',
    text: 'Authors keep ownership of every question they write. We host, sell and deliver it; we never claim it.',
  },
  {
    title: 'Practice should teach',
    text: 'Every answer comes with its explanation and with how other learners answered, so a wrong answer is a lesson, not just a score.',
  },
  {
    title: 'Fast, on any screen',
    text: 'A test starts in a second on a phone on a train, and the clock runs only while you are answering.',
  },
];

/** `/about`: the mission and the company story (SPEC §1). */
function AboutPageContent() {
  return (
    <Container size="md" py={{ base: 40, sm: 72 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>About {Brand.name}</Title>
          <Text size="xl" c="dimmed">
            Our mission is to let every educator who writes good questions reach the learners who need them.
          </Text>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="story-title">
          <Title order={2} id="story-title">
            Our story
          </Title>
          <Text>
            {Brand.name} began with a handful of nurse educators who had written thousands of practice
            questions for their students and no good place to keep them. Spreadsheets lost their explanations,
            learning platforms buried them in quizzes, and the commercial question banks would only buy them
            outright.
          </Text>
          <Text>
            So we built the place we wanted: a question bank that an author can write in with a team, keep
            private for a school, or sell on a public store under their own name and colours, while learners
            get timed and tutor-mode tests, honest statistics and explanations for every answer.
          </Text>
          <Text>
            Today programmes in nursing, medicine, pharmacy and the professions run their banks here, from a
            single author selling a board-review bank to institutions enrolling whole cohorts.
          </Text>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="values-title">
          <Title order={2} id="values-title">
            What we believe
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {values.map((v) => (
              <Card key={v.title} withBorder padding="lg" radius="md">
                <Title order={3} size="h4">
                  {v.title}
                </Title>
                <Text mt="xs" c="dimmed">
                  {v.text}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Group gap="sm">
          <Button component={Link} to="/store">
            Browse the Store
          </Button>
          <Button component={Link} to="/contact" variant="default">
            Contact us
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function AboutPage() {
  return (
    <>
      <PageTitle name="About" />
      <AboutPageContent />
    </>
  );
}
