import {
  Accordion,
  Alert,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type BillingPlan, frequencyText, priceText } from '@qbank/contract';
import {
  IconArrowLeft,
  IconBolt,
  IconChartBar,
  IconCheck,
  IconDeviceMobile,
  IconShare,
  IconStethoscope,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../app/auth';
import { storedReferralToken } from '../../../lib/referral-token';
import { createCheckoutSession } from '../../checkout/api/checkout';
import { setLastUsedProduct, subscribeFree } from '../../subscriptions/api/subscriptions';
import { parseAdditional, useBillingPlans, useLogo, useProductContent } from '../api/store';
import { PlanNote } from '../components/plan-lines';
import { categoryText } from '../product-categories';

/** Learners are shown at 100 or more on the detail page (SPEC §9). */
export const showLearnersOnDetail = (n: number) => n >= 100;
/** The plan list starts at the most expensive public plan (SPEC §2). */
export const initialPlan = (plans: BillingPlan[]) =>
  plans
    .filter((p) => p.billingPlanType === 'PUBLIC')
    .reduce<BillingPlan | null>((best, p) => (!best || p.price > best.price ? p : best), null);
export const LINK_COPIED_MS = 2000;

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

function ShareLink() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
    } catch {
      // Clipboard refused (insecure context): the address bar still has the link.
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), LINK_COPIED_MS);
  };
  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconShare size={16} aria-hidden />} onClick={copy}>
        Share link
      </Button>
      <Text size="sm" role="status" aria-live="polite" c="green.9">
        {copied ? 'Link copied' : ''}
      </Text>
    </Group>
  );
}

/** /store/products/:id — the QBank's page in the store (SPEC §2). */
export function ProductPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { status, user, refresh } = useAuth();
  const content = useProductContent(id);
  const plans = useBillingPlans(id);
  const logo = useLogo(id, 'PRODUCT_LOGO');
  const [selected, setSelected] = useState<string | null>(null);
  const [chosen, setChosen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [subscribeError, setSubscribeError] = useState(false);

  const publicPlans = (plans.data ?? []).filter((p) => p.billingPlanType === 'PUBLIC');
  useEffect(() => {
    if (!chosen && plans.data) {
      setSelected(initialPlan(plans.data)?.uuid ?? null);
      setChosen(true);
    }
  }, [plans.data, chosen]);

  if (content.isPending || plans.isPending)
    return (
      <Center mih="50vh">
        <Loader role="status" aria-label="Loading the QBank" />
      </Center>
    );
  if (content.isError || plans.isError)
    return (
      <Container size={560} py={{ base: 'lg', sm: 64 }}>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} role="alert">
          <Stack gap="md" align="flex-start">
            <Title order={1} size="h2">
              Failed to load product data
            </Title>
            <Text>This QBank could not be found. Please check the link or try again in a moment.</Text>
            <Button component={Link} to="/store" variant="default">
              Back to store
            </Button>
          </Stack>
        </Paper>
      </Container>
    );

  const p = content.data;
  const extra = parseAdditional(p.additionalContent);
  const plan = publicPlans.find((x) => x.uuid === selected) ?? null;
  const sub = user?.allSubscriptions.find((s) => s.product.uuid === p.uuid) ?? null;
  const owned = !!sub && (sub.active || !sub.student);
  const mainLabel = owned
    ? 'Open QBank'
    : !plan
      ? 'Select a plan'
      : plan.price > 0
        ? 'Buy Now'
        : 'Start Free Subscription';

  const onMain = async () => {
    if (busy) return;
    if (owned) {
      // Opening a QBank makes it the active product, as on the store card.
      setBusy(true);
      await setLastUsedProduct(user!.uuid, p.uuid).catch(() => {});
      await refresh();
      navigate('/dashboard');
      return;
    }
    if (!plan) return;
    if (status !== 'authenticated') {
      navigate(
        plan.price > 0 && plan.stripePriceId
          ? `/register?priceId=${encodeURIComponent(plan.stripePriceId)}`
          : '/register',
      );
      return;
    }
    setBusy(true);
    setSubscribeError(false);
    try {
      if (plan.price > 0 && plan.stripePriceId) {
        const { redirectUrl } = await createCheckoutSession({
          priceId: plan.stripePriceId,
          customerId: user?.stripeCustomerId ?? undefined,
          tokenId: storedReferralToken() ?? undefined,
        });
        window.location.assign(redirectUrl);
        return;
      }
      await subscribeFree(user!.uuid, p.uuid, plan.uuid);
      await refresh();
      await queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
      navigate('/dashboard', { state: { msgId: 'subscriptionAdded', qbankName: p.name } });
    } catch {
      setSubscribeError(true);
      setBusy(false);
    }
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <Button
            component={Link}
            to="/store"
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            px={0}
          >
            Back to store
          </Button>
          <ShareLink />
        </Group>
        <Group gap="md" wrap="nowrap">
          {logo.data && (
            <img src={logo.data} alt={`${p.name} logo`} style={{ maxHeight: 64, maxWidth: 160 }} />
          )}
          <Title order={1}>{p.name}</Title>
        </Group>
        {subscribeError && (
          <Alert
            color="red"
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setSubscribeError(false)}
          >
            Something went wrong while subscribing to {p.name}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
          <Stack gap="md" style={{ gridColumn: 'span 2' }}>
            <Text style={{ whiteSpace: 'pre-line' }}>{p.content}</Text>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              <Stat label="Questions" value={p.questionCount.toLocaleString('en-US')} />
              {showLearnersOnDetail(p.learnersCount) && (
                <Stat label="Learners" value={p.learnersCount.toLocaleString('en-US')} />
              )}
              <Stat label="Category" value={categoryText(p.productCategory)} />
              <Stat label="Language" value="English" />
              <Stat label="Author/Publisher" value={extra.shortAuthors || p.authors || '—'} />
            </SimpleGrid>
            <Accordion variant="separated" multiple>
              <Accordion.Item value="author">
                <Accordion.Control>About the Author/Publisher</Accordion.Control>
                <Accordion.Panel>{p.authors || 'No details given.'}</Accordion.Panel>
              </Accordion.Item>
              <Accordion.Item value="audience">
                <Accordion.Control>Target Audience</Accordion.Control>
                <Accordion.Panel>{p.targetAudience || 'No details given.'}</Accordion.Panel>
              </Accordion.Item>
              <Accordion.Item value="format">
                <Accordion.Control>Question Format</Accordion.Control>
                <Accordion.Panel>{p.questionFormat || 'No details given.'}</Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          </Stack>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={2} size="h4" id="plans-heading">
                Choose a plan
              </Title>
              {publicPlans.length === 0 ? (
                <Text c="dimmed">This QBank has no plans on sale right now.</Text>
              ) : (
                <Stack gap="xs" role="radiogroup" aria-labelledby="plans-heading">
                  {publicPlans.map((pl) => {
                    const on = pl.uuid === selected;
                    return (
                      <UnstyledButton
                        key={pl.uuid}
                        role="radio"
                        aria-checked={on}
                        onClick={() => setSelected(on ? null : pl.uuid)}
                        style={{
                          border: `2px solid var(--mantine-color-${on ? 'brand-7' : 'gray-3'})`,
                          borderRadius: 8,
                          padding: 12,
                        }}
                      >
                        <Group justify="space-between" wrap="nowrap" align="flex-start">
                          <div>
                            <Text fw={700}>{pl.planName}</Text>
                            <Text size="sm">
                              {priceText(pl.price)}{' '}
                              {frequencyText(pl.frequencyType, pl.autoRenewForSubscription)}
                            </Text>
                            <Text size="xs">
                              {pl.price > 0
                                ? 'All features and questions'
                                : 'All features but limited questions'}
                            </Text>
                            <PlanNote plan={pl} />
                          </div>
                          {on && (
                            <ThemeIcon radius="xl" size="sm" aria-hidden>
                              <IconCheck size={14} />
                            </ThemeIcon>
                          )}
                        </Group>
                      </UnstyledButton>
                    );
                  })}
                </Stack>
              )}
              <Button size="md" onClick={onMain} disabled={!owned && !plan} loading={busy}>
                {mainLabel}
              </Button>
            </Stack>
          </Paper>
        </SimpleGrid>
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
      </Stack>
    </Container>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Paper>
  );
}
