import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { BillingPlan, SubscriptionSummary } from '@qbank/contract';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { notifyError } from '../../../components/notify-error';
import { useAuth } from '../../accounts/api/auth';
import { useSetActiveProduct } from '../../subscriptions/api/subscriptions';
import type { StoreCard } from '../api/types';
import { PlanLine } from './plan-lines';

/** Learners are shown only above 100 on cards (SPEC §9). */
export const showLearnersOnCard = (n: number) => n > 100;
/** A QBank whose questions are not counted yet would read "0 questions", as if empty: no badge then. */
export const showQuestionsOnCard = (n: number) => n > 0;

const firstPaid = (plans: BillingPlan[]) => plans.find((p) => p.price > 0) ?? null;
const buyable = (plans: BillingPlan[]) =>
  plans.find((p) => p.active && p.price > 0 && p.stripePriceId) ?? null;

/** The pricing block of a card (SPEC §2), by the visitor's subscription type. */
function Pricing({ plans, sub }: { plans: BillingPlan[]; sub: SubscriptionSummary | null }) {
  if (sub?.type === 'PRIVILEGED') return <Badge variant="light">Admin Access</Badge>;
  if (sub?.type === 'PREMIUM') {
    const paid = plans.find((p) => p.uuid === sub.billingPlanUuid) ?? firstPaid(plans);
    return (
      <Group gap={6} wrap="nowrap">
        <ThemeIcon size="sm" color="green" radius="xl" role="img" aria-label="Subscribed">
          <IconCheck size={14} aria-hidden />
        </ThemeIcon>
        {paid ? <PlanLine plan={paid} /> : <Text size="sm">Subscribed</Text>}
      </Group>
    );
  }
  if (sub?.type === 'BASIC') {
    const free = plans.find((p) => p.price === 0);
    const paid = firstPaid(plans);
    return (
      <Stack gap={4}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Your subscription
        </Text>
        {free ? <PlanLine plan={free} /> : <Text size="sm">Free access</Text>}
        {paid && (
          <>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" mt={4}>
              Other subscriptions
            </Text>
            <PlanLine plan={paid} />
          </>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      {plans.map((p) => (
        <PlanLine key={p.uuid} plan={p} />
      ))}
    </Stack>
  );
}

/**
 * A store card. `asVisitor` draws it as a signed-out visitor sees it (the settings screen's preview), whoever
 * is signed in.
 */
export function ProductCard({ product, asVisitor = false }: { product: StoreCard; asVisitor?: boolean }) {
  const auth = useAuth();
  const status = asVisitor ? 'unauthenticated' : auth.status;
  const user = asVisitor ? null : auth.user;
  const navigate = useNavigate();
  const sub = user?.allSubscriptions.find((s) => s.product.uuid === product.uuid) ?? null;
  const detail = `/store/products/${product.uuid}`;
  const paid = buyable(product.billingPlans);
  const setActiveProduct = useSetActiveProduct();
  // Busy from the click until the dashboard opens.
  const opening = setActiveProduct.isPending || setActiveProduct.isSuccess;

  let action: ReactNode;
  // SPEC §2: an active or non-student (staff) subscription opens the product.
  if (status === 'authenticated' && sub && (sub.active || !sub.student)) {
    // It becomes the active product first. If that fails (say a staff subscription that has ended), the
    // dashboard would show another product: the user is told instead. The hook waits for the user to reload.
    const open = async () => {
      try {
        await setActiveProduct.mutateAsync({ userUuid: user!.uuid, productUuid: product.uuid });
      } catch (e) {
        notifyError(`Could not open ${product.name}`, e);
        return;
      }
      navigate('/dashboard');
    };
    // A free member is offered the paid plan too: the upgrade is the store's most valuable path.
    const upgrade = sub.active && sub.type === 'BASIC' ? paid : null;
    action = (
      <>
        <Button loading={opening} onClick={open}>
          Open QBank
        </Button>
        {upgrade && (
          <Button
            component={Link}
            variant="light"
            to={`${detail}?priceId=${encodeURIComponent(upgrade.stripePriceId!)}`}
            aria-label={`Upgrade ${product.name}`}
          >
            Upgrade
          </Button>
        )}
      </>
    );
  } else if (status === 'authenticated') {
    action = (
      <Button component={Link} to={detail}>
        {paid ? 'Buy Now' : 'Start Free Subscription'}
      </Button>
    );
  } else {
    action = paid ? (
      <Button component={Link} to={`/register?priceId=${encodeURIComponent(paid.stripePriceId!)}`}>
        Buy Now
      </Button>
    ) : (
      <Button component={Link} to="/register">
        Start Free Subscription
      </Button>
    );
  }

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Stack gap="xs" style={{ flex: 1 }}>
        {product.logoUrl && (
          // The product's own logo (docs/branding.md) above its name, which stays the card's heading and link.
          <img
            src={product.logoUrl}
            alt=""
            loading="lazy"
            style={{ maxHeight: 48, maxWidth: '100%', objectFit: 'contain', alignSelf: 'flex-start' }}
          />
        )}
        <Title order={2} size="h4">
          <Link to={detail} style={{ color: 'inherit' }}>
            {product.name}
          </Link>
        </Title>
        {(showQuestionsOnCard(product.questionCount) || showLearnersOnCard(product.learnersCount)) && (
          <Group gap="xs">
            {showQuestionsOnCard(product.questionCount) && (
              <Badge variant="light">{product.questionCount.toLocaleString('en-US')} questions</Badge>
            )}
            {showLearnersOnCard(product.learnersCount) && (
              <Badge variant="light" color="teal">
                {product.learnersCount.toLocaleString('en-US')} learners
              </Badge>
            )}
          </Group>
        )}
        {product.targetAudience && (
          <Text size="sm" c="dimmed">
            For: {product.targetAudience}
          </Text>
        )}
        <Text size="sm" lineClamp={4}>
          {product.summary}
        </Text>
        <div style={{ marginTop: 'auto' }}>
          <Pricing plans={product.billingPlans} sub={sub?.active ? sub : null} />
        </div>
      </Stack>
      <Group mt="md">{action}</Group>
    </Card>
  );
}
