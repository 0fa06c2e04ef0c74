import { Card, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import IconBolt from '@tabler/icons-react/dist/esm/icons/IconBolt.mjs';
import IconChartBar from '@tabler/icons-react/dist/esm/icons/IconChartBar.mjs';
import IconDeviceMobile from '@tabler/icons-react/dist/esm/icons/IconDeviceMobile.mjs';
import IconStethoscope from '@tabler/icons-react/dist/esm/icons/IconStethoscope.mjs';

const features = [
  {
    icon: IconStethoscope,
    title: 'Exam-style questions',
    text: 'Written and reviewed by specialists in the field.',
  },
  {
    icon: IconBolt,
    title: 'Tutor and timed modes',
    text: 'Learn with instant explanations or simulate the real exam.',
  },
  {
    icon: IconChartBar,
    title: 'Performance tracking',
    text: 'See your scores and how you compare with other learners.',
  },
  { icon: IconDeviceMobile, title: 'Study anywhere', text: 'Works on your phone, tablet and computer.' },
];

/** The four-feature marketing strip under a product's details (SPEC §2). */
export function FeatureStrip() {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 4 }}
      spacing="md"
      component="section"
      aria-label="Why learners choose us"
    >
      {features.map((f) => (
        <Card key={f.title} withBorder padding="md">
          <ThemeIcon variant="light" size="lg" aria-hidden>
            <f.icon size={20} />
          </ThemeIcon>
          <Text fw={700} mt="xs">
            {f.title}
          </Text>
          <Text size="sm">{f.text}</Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
