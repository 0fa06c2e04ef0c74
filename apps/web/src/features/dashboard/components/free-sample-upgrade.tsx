import type { SubscriptionSummary } from '@qbank/contract';
import { UpgradePrompt } from '../../../components/upgrade-prompt';
import { freeSampleUsedUp } from '../../../lib/free-sample';
import { useProductTree } from '../../catalogue/api/product-tree';
import { useDashboard } from '../api/dashboard';

/**
 * The dashboard's upgrade prompt: a free-plan learner who has seen every question of the free sample is told
 * what a paid plan adds (the learner's figures are the dashboard's own query, shared with LearnerStats).
 */
export function FreeSampleUpgrade({ subscription }: { subscription: SubscriptionSummary }) {
  const productId = subscription.product.uuid;
  const free = subscription.type === 'BASIC';
  const dashboard = useDashboard(productId, free);
  const d = dashboard.data;
  const usedUp =
    free &&
    !!d &&
    freeSampleUsedUp({
      freeSampleOnly: true,
      sampleSize: d.totalQuestions,
      unseen: d.totalQuestions - d.usedQuestions,
    });
  // The bank's size, for "all N questions": read only when the prompt shows.
  const tree = useProductTree(usedUp ? productId : undefined);
  if (!usedUp) return null;
  const count = tree.data ? tree.data.productTree.children.reduce((n, s) => n + s.questionCount, 0) : null;
  return (
    <UpgradePrompt productId={productId} productName={subscription.product.name} questionCount={count} />
  );
}
