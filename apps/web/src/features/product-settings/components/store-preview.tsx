import { Paper, Stack, Text, Title } from '@mantine/core';
import { cardSummary, listPlans, type ProductSettingsValues } from '@qbank/contract';
import { ProductCard, ProductDetails } from '../../store';
import { useBillingPlans, useLogo, useProductContent } from '../../store/api/store';

/**
 * The store card and the product page's details drawn by the store's own components with the form's unsaved
 * values, beside the product's counts, plans and logo as the store has them. A picture of the store: `inert`,
 * so its links and buttons are neither reached nor used (the form is where things change).
 */
export function StorePreview({ productId, values }: { productId: string; values: ProductSettingsValues }) {
  const content = useProductContent(productId);
  const plans = useBillingPlans(productId);
  const logo = useLogo(productId, 'PRODUCT_LOGO');
  const name = values.name.trim() || 'Untitled QBank';
  const publicPlans = listPlans(plans.data ?? []).filter((p) => p.billingPlanType === 'PUBLIC');
  const counts = {
    questionCount: content.data?.questionCount ?? 0,
    learnersCount: content.data?.learnersCount ?? 0,
  };
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={3} size="h5" id="card-preview-title">
          Store card
        </Title>
        <div inert data-testid="card-preview">
          <ProductCard
            asVisitor
            product={{
              uuid: productId,
              name,
              ...counts,
              targetAudience: values.targetAudience.trim(),
              productCategory: values.productCategory,
              summary: cardSummary(values.shortDescription.trim() || undefined, values.content.trim()),
              billingPlans: publicPlans,
              ...(logo.data ? { logoUrl: logo.data } : {}),
            }}
          />
        </div>
      </Stack>
      <Stack gap={6}>
        <Title order={3} size="h5">
          Product page
        </Title>
        <Paper withBorder p="md" radius="md" inert data-testid="page-preview">
          <Stack gap="md">
            {logo.data ? (
              <img
                src={logo.data}
                alt={name}
                style={{ display: 'block', maxHeight: 64, maxWidth: 'min(240px, 100%)' }}
              />
            ) : (
              <Text fw={700} fz="h2" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
            )}
            <ProductDetails
              narrow
              product={{
                ...counts,
                content: values.content.trim(),
                productCategory: values.productCategory,
                authors: values.authors.trim(),
                shortAuthors: values.shortAuthors.trim(),
                targetAudience: values.targetAudience.trim(),
                questionFormat: values.questionFormat.trim(),
              }}
            />
          </Stack>
        </Paper>
      </Stack>
    </Stack>
  );
}
