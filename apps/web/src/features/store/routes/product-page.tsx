import {
  Alert,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  Paper,
  Radio,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { BillingPlan } from '@qbank/contract';
import IconArrowLeft from '@tabler/icons-react/dist/esm/icons/IconArrowLeft.mjs';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, type LoaderFunctionArgs, useNavigate, useParams, useSearchParams } from 'react-router';
import { notifyError } from '../../../components/notify-error';
import { PageTitle } from '../../../components/page-title';
import { storedReferralToken } from '../../../lib/referral-token';
import { serverRendered } from '../../../lib/server-rendered';
import { useAuth } from '../../accounts/api/auth';
import { sessionQueryOptions } from '../../accounts/api/session';
import { useCreateCheckoutSession } from '../../checkout/api/checkout';
import { useSetActiveProduct, useSubscribeFree } from '../../subscriptions/api/subscriptions';
import {
  billingPlansQuery,
  logoQuery,
  parseAdditional,
  productContentQuery,
  useBillingPlans,
  useLogo,
  useProductContent,
} from '../api/store';
import { FeatureStrip } from '../components/feature-strip';
import { PlanSummary } from '../components/plan-lines';
import { ProductDetails } from '../components/product-details';
import { ShareLink } from '../components/share-link';

export { showLearnersOnDetail } from '../components/product-details';
/** The plan list starts at the most expensive public plan (SPEC §2). */
export const initialPlan = (plans: BillingPlan[]) =>
  plans
    .filter((p) => p.billingPlanType === 'PUBLIC')
    .reduce<BillingPlan | null>((best, p) => (!best || p.price > best.price ? p : best), null);

/** The plan chosen when the page opens: the one `?priceId=` names if public, else initialPlan's. */
const planToStart = (plans: BillingPlan[], askedPriceId: string | null) =>
  (
    plans.find((p) => p.billingPlanType === 'PUBLIC' && askedPriceId && p.stripePriceId === askedPriceId) ??
    initialPlan(plans)
  )?.uuid ?? null;

/**
 * The route's loader, for the app's cache (app/router.tsx passes it in: a feature never imports app/): when the
 * server sent the page as HTML with its data inlined (lib/preloaded.ts), the cache takes the content, plans and
 * logo before the app's first render, which then draws the same page instead of a loader. Otherwise (the app's
 * own navigation) nothing: the page loads its data itself.
 */
export const productLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const id = params.id;
    if (id && serverRendered())
      await Promise.all([
        queryClient.prefetchQuery(sessionQueryOptions()),
        queryClient.prefetchQuery(productContentQuery(id)),
        queryClient.prefetchQuery(billingPlansQuery(id)),
        queryClient.prefetchQuery(logoQuery(id, 'PRODUCT_LOGO')),
      ]);
    return null;
  };

/** /store/products/:id — the QBank's page in the store (SPEC §2). */
export function ProductPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { status, user } = useAuth();
  const content = useProductContent(id);
  const plans = useBillingPlans(id);
  const logo = useLogo(id, 'PRODUCT_LOGO');
  const setActiveProduct = useSetActiveProduct();
  const subscribe = useSubscribeFree();
  const checkout = useCreateCheckoutSession();
  // Busy from the click until the page is left: a success goes on to the dashboard or to the card provider.
  const busy = [setActiveProduct, subscribe, checkout].some((m) => m.isPending || m.isSuccess);
  const subscribeError = subscribe.isError || checkout.isError;
  const dismissSubscribeError = () => {
    subscribe.reset();
    checkout.reset();
  };
  const [logoBroken, setLogoBroken] = useState(false);

  const publicPlans = (plans.data ?? []).filter((p) => p.billingPlanType === 'PUBLIC');
  // ?priceId= (an Upgrade link, or Buy Now followed while signed in) preselects that plan when it is public.
  const [searchParams] = useSearchParams();
  const askedPriceId = searchParams.get('priceId');
  // Plans already in the cache (the server's HTML, a visit before) are chosen from in the first render, so the
  // page does not change once drawn.
  const [selected, setSelected] = useState<string | null>(() =>
    plans.data ? planToStart(plans.data, askedPriceId) : null,
  );
  const [chosen, setChosen] = useState(!!plans.data);
  useEffect(() => {
    if (!chosen && plans.data) {
      setSelected(planToStart(plans.data, askedPriceId));
      setChosen(true);
    }
  }, [plans.data, chosen, askedPriceId]);

  // The logo is waited for too, so the header does not jump from the title to the logo.
  if (content.isPending || plans.isPending || logo.isPending)
    return (
      <Center mih="50vh">
        <PageTitle name="Store" />
        <Loader role="status" aria-label="Loading the QBank" />
      </Center>
    );
  if (content.isError || plans.isError)
    return (
      <Container size={560} py={{ base: 'lg', sm: 64 }}>
        <PageTitle name="Store" />
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
  // SPEC §2's button rules apply to the plan chosen: a free member who picks a paid plan is buying an upgrade.
  const upgrading = !!sub?.active && sub.type === 'BASIC' && !!plan && plan.price > 0;
  const owned = !!sub && (sub.active || !sub.student) && !upgrading;
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
      // Opening a QBank makes it the active product, as on the store card. If that fails, the dashboard
      // would show another product: the user is told instead. The hook waits for the user to reload with it.
      try {
        await setActiveProduct.mutateAsync({ userUuid: user!.uuid, productUuid: p.uuid });
      } catch (e) {
        notifyError(`Could not open ${p.name}`, e);
        return;
      }
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
    // A failure shows the alert below (the mutation's error); the button is free again.
    dismissSubscribeError();
    try {
      if (plan.price > 0 && plan.stripePriceId) {
        const { redirectUrl } = await checkout.mutateAsync({
          priceId: plan.stripePriceId,
          customerId: user?.stripeCustomerId ?? undefined,
          tokenId: storedReferralToken() ?? undefined,
        });
        window.location.assign(redirectUrl);
        return;
      }
      // The hook reloads the user and the subscription lists before it answers.
      await subscribe.mutateAsync({ userId: user!.uuid, productUuid: p.uuid, billingPlanUuid: plan.uuid });
      navigate('/dashboard', { state: { msgId: 'subscriptionAdded', qbankName: p.name } });
    } catch {
      // Shown by the alert (subscribeError).
    }
  };

  return (
    <Container size="lg" py="xl">
      <PageTitle name={p.name} />
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
        {/* SPEC §2: a header with the logo or the title. The logo is then the page's heading, named by its alt. */}
        <Title order={1}>
          {logo.data && !logoBroken ? (
            <img
              src={logo.data}
              alt={p.name}
              style={{ display: 'block', maxHeight: 80, maxWidth: 'min(320px, 100%)' }}
              onError={() => setLogoBroken(true)}
            />
          ) : (
            p.name
          )}
        </Title>
        {subscribeError && (
          <Alert
            color="red"
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={dismissSubscribeError}
          >
            Something went wrong while subscribing to {p.name}
          </Alert>
        )}
        <Grid gap={{ base: 'lg', md: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <ProductDetails product={{ ...p, shortAuthors: extra.shortAuthors }} />
          </Grid.Col>
          {/* The plan panel is as tall as its plans, not stretched to the details column beside it. */}
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                {publicPlans.length === 0 ? (
                  <>
                    <Title order={2} size="h4">
                      Choose a plan
                    </Title>
                    <Text c="dimmed">This QBank has no plans on sale right now.</Text>
                  </>
                ) : (
                  // Radio cards: arrow keys move between the plans (and choose them), Space or a click
                  // chooses one; clicking the chosen plan again deselects it (SPEC §2).
                  <Radio.Group
                    value={selected}
                    onChange={(uuid) => setSelected((current) => (current === uuid ? null : uuid))}
                    label={
                      <Title order={2} size="h4" mb="xs">
                        Choose a plan
                      </Title>
                    }
                  >
                    <Stack gap="xs">
                      {publicPlans.map((pl) => {
                        const on = pl.uuid === selected;
                        return (
                          <Radio.Card
                            key={pl.uuid}
                            value={pl.uuid}
                            p={12}
                            radius={8}
                            style={{
                              border: `2px solid var(--mantine-color-${on ? 'brand-7' : 'gray-3'})`,
                            }}
                          >
                            <Group justify="space-between" wrap="nowrap" align="flex-start">
                              <PlanSummary plan={pl} />
                              {on && (
                                <ThemeIcon radius="xl" size="sm" aria-hidden>
                                  <IconCheck size={14} />
                                </ThemeIcon>
                              )}
                            </Group>
                          </Radio.Card>
                        );
                      })}
                    </Stack>
                  </Radio.Group>
                )}
                <Button size="md" onClick={onMain} disabled={!owned && !plan} loading={busy}>
                  {mainLabel}
                </Button>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
        <FeatureStrip />
      </Stack>
    </Container>
  );
}
