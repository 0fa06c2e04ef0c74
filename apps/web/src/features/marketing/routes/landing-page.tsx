import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Flex,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Brand } from '@qbank/contract';
import IconBooks from '@tabler/icons-react/dist/esm/icons/IconBooks.mjs';
import IconChartBar from '@tabler/icons-react/dist/esm/icons/IconChartBar.mjs';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import IconClockHour4 from '@tabler/icons-react/dist/esm/icons/IconClockHour4.mjs';
import IconCloudUpload from '@tabler/icons-react/dist/esm/icons/IconCloudUpload.mjs';
import IconHistory from '@tabler/icons-react/dist/esm/icons/IconHistory.mjs';
import IconPalette from '@tabler/icons-react/dist/esm/icons/IconPalette.mjs';
import IconSchool from '@tabler/icons-react/dist/esm/icons/IconSchool.mjs';
import IconUsersGroup from '@tabler/icons-react/dist/esm/icons/IconUsersGroup.mjs';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { Banners } from '../../../components/banners';
import { PageTitle } from '../../../components/page-title';
import { useAuth } from '../../accounts/api/auth';
import { useReferralToken } from '../hooks/use-referral-token';
import { PRICING_PLANS } from '../pricing';

const sections = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'students', label: 'Students' },
  { id: 'learners', label: 'Learners' },
  { id: 'frequently-asked', label: 'FAQ' },
];

const features: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <IconBooks size={22} aria-hidden />,
    title: 'Author with a team',
    text: 'Writers draft, editors review and publish. Every question keeps its full version history.',
  },
  {
    icon: <IconCloudUpload size={22} aria-hidden />,
    title: 'Bulk question upload',
    text: 'Bring an existing bank in one upload, with media, explanations and categories.',
  },
  {
    icon: <IconPalette size={22} aria-hidden />,
    title: 'Your brand',
    text: 'Your own logo and colours on the header your learners see every day.',
  },
  {
    icon: <IconClockHour4 size={22} aria-hidden />,
    title: 'Tutor and timed tests',
    text: 'Learners build practice tests from all, unused, incorrect or flagged questions.',
  },
  {
    icon: <IconChartBar size={22} aria-hidden />,
    title: 'Performance that means something',
    text: 'Scores, percentiles among all learners, and how everyone answered each question.',
  },
  {
    icon: <IconHistory size={22} aria-hidden />,
    title: 'Sell or keep private',
    text: 'List a bank on the public store with monthly or one-time plans, or run it for your institution.',
  },
];

const faq: { q: string; a: string }[] = [
  {
    q: 'How quickly can we launch a question bank?',
    a: 'Most banks launch in about one business day: send us your questions or upload them in bulk, pick your colours, and publish.',
  },
  {
    q: 'Who owns the questions?',
    a: 'You do. The author keeps ownership of all content, and can export it or take it elsewhere at any time.',
  },
  {
    q: 'Are there volume discounts?',
    a: 'Yes. Volume discounts and custom pricing exist for larger programmes and for several banks; contact sales for a quote.',
  },
  {
    q: 'Which card fees apply to public sales?',
    a: 'Card fees are those of the payment provider, passed on at cost, in addition to the per-sale fee of the Public plan.',
  },
  {
    q: 'Can students be enrolled automatically?',
    a: 'On the Private plan, yes: one by one, in bulk, or automatically through our integration tool for some LMS platforms.',
  },
];

// Mantine keeps badge and button labels on one line and cuts them with an ellipsis; on a phone these wrap.
const wrappingBadge = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', paddingBlock: 4 },
  label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 },
} as const;
const wrappingButton = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 6 },
  label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3, textAlign: 'center' },
} as const;

/** Scrolls to the top of the page without adding a history entry. */
function backToTop(e: MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  document.getElementById('main')?.focus({ preventScroll: true });
}

function Section({
  id,
  title,
  lead,
  tinted,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      py={{ base: 48, sm: 72 }}
      bg={tinted ? 'gray.0' : undefined}
    >
      <Container size="lg">
        <Stack gap="xs" mb="xl" maw={720}>
          <Title order={2} id={`${id}-title`}>
            {title}
          </Title>
          {lead && (
            <Text size="lg" c="dimmed">
              {lead}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

/** `/`: the public landing page (SPEC §1, §2): features, the two plans, students, learners and the FAQ. */
function LandingPageContent() {
  useReferralToken();
  const { status } = useAuth();
  return (
    <>
      <Container size="lg" pt="md">
        <Banners signedIn={status === 'authenticated'} />
      </Container>

      <Box py={{ base: 48, sm: 88 }}>
        <Container size="lg">
          <Stack gap="lg" maw={760}>
            <Badge variant="light" size="lg" w="fit-content" maw="100%" styles={wrappingBadge}>
              Question banks for educators and learners
            </Badge>
            <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.1}>
              Build a question bank once. Teach with it every day.
            </Title>
            <Text size="xl" c="dimmed">
              {Brand.name} is where educators write {Brand.product}s and sell them on a public store or run
              them privately for their institution, and where learners practise until exam day.
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/store" size="md">
                Browse the Store
              </Button>
              <Button component={Link} to="/demos" size="md" variant="default">
                Watch the demo
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Box
        component="nav"
        aria-label="On this page"
        style={{
          position: 'sticky',
          top: 64,
          zIndex: 90,
          background: 'var(--mantine-color-body)',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <Container size="lg">
          {/* Wraps rather than scrolls: a phone sees every section, FAQ included, with no hidden overflow. */}
          <Flex columnGap={{ base: 'sm', sm: 'lg' }} rowGap={4} py="xs" wrap="wrap">
            {sections.map((s) => (
              <Anchor key={s.id} href={`#${s.id}`} fw={500} c="dark" style={{ whiteSpace: 'nowrap' }}>
                {s.label}
              </Anchor>
            ))}
          </Flex>
        </Container>
      </Box>

      <Section
        id="features"
        title="Everything a question bank needs"
        lead="Authoring, publishing, selling and practising in one place, on any screen."
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {features.map((f) => (
            <Card key={f.title} withBorder padding="lg" radius="md">
              <ThemeIcon variant="light" size={40} radius="md">
                {f.icon}
              </ThemeIcon>
              <Title order={3} size="h4" mt="md">
                {f.title}
              </Title>
              <Text mt="xs" c="dimmed">
                {f.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="pricing" title="Simple pricing" lead="Two plans, billed yearly. No set-up fee." tinted>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {PRICING_PLANS.map((p) => (
            <Card key={p.name} withBorder padding="xl" radius="md">
              <Stack gap="sm">
                <Title order={3}>{p.name}</Title>
                <Text c="dimmed">{p.audience}</Text>
                <Group gap={6} align="baseline">
                  <Text fz={40} fw={800} lh={1}>
                    {p.price}
                  </Text>
                  <Text c="dimmed">/month billed yearly</Text>
                </Group>
                <Text fw={500}>{p.extra}</Text>
                <List
                  spacing="xs"
                  icon={
                    <ThemeIcon size={20} radius="xl" color="teal">
                      <IconCheck size={14} aria-hidden />
                    </ThemeIcon>
                  }
                >
                  {p.includes.map((i) => (
                    <List.Item key={i}>{i}</List.Item>
                  ))}
                </List>
                <Button
                  component={Link}
                  to="/contact?subject=SALES"
                  mt="sm"
                  variant={p.primary ? 'filled' : 'default'}
                  styles={wrappingButton}
                >
                  Talk to us about {p.name}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section
        id="students"
        title="For schools and their students"
        lead="Run a private bank for your programme and see how every student is doing."
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <List spacing="sm" icon={<IconUsersGroup size={20} aria-hidden />}>
            <List.Item>
              Enrol students one by one, in bulk, or in real time as they join your course.
            </List.Item>
            <List.Item>Instructors build tests from your bank and assign them to a class.</List.Item>
            <List.Item>Follow performance by student, subject and category.</List.Item>
            <List.Item>Automated enrolment through our integration tool for some LMS platforms.</List.Item>
          </List>
          <Card withBorder padding="lg" radius="md">
            <Title order={3} size="h4">
              Book a walkthrough
            </Title>
            <Text mt="xs" c="dimmed">
              We will show your faculty how a private bank fits your programme, with your own questions.
            </Text>
            <Button component={Link} to="/contact?subject=SALES" mt="md">
              Contact Sales
            </Button>
          </Card>
        </SimpleGrid>
      </Section>

      <Section
        id="learners"
        title="For learners"
        lead="Practise the way the exam tests you, and know where you stand."
        tinted
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <List spacing="sm" icon={<IconSchool size={20} aria-hidden />}>
            <List.Item>Tutor mode explains each answer as you go; timed mode feels like exam day.</List.Item>
            <List.Item>Build tests from unused, incorrect or flagged questions in any subject.</List.Item>
            <List.Item>Review every answer with its explanation and how other learners answered.</List.Item>
            <List.Item>Many banks start with a free plan: no card needed.</List.Item>
          </List>
          <Card withBorder padding="lg" radius="md">
            <Title order={3} size="h4">
              Find your question bank
            </Title>
            <Text mt="xs" c="dimmed">
              Search the store by exam, subject or author, and start in two minutes.
            </Text>
            <Button component={Link} to="/store" mt="md">
              Visit Store
            </Button>
          </Card>
        </SimpleGrid>
      </Section>

      <Section id="frequently-asked" title="Frequently asked questions">
        <Stack gap="lg" maw={760}>
          {faq.map((f) => (
            <div key={f.q}>
              <Title order={3} size="h4">
                {f.q}
              </Title>
              <Text mt={4}>{f.a}</Text>
            </div>
          ))}
        </Stack>
        <Group justify="flex-end" mt="xl">
          <Anchor href="#top" onClick={backToTop} fw={500}>
            <span aria-hidden>↑ </span>Back to Top
          </Anchor>
        </Group>
      </Section>
    </>
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function LandingPage() {
  return (
    <>
      <PageTitle name="Question banks for educators and learners" />
      <LandingPageContent />
    </>
  );
}
