import { Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import IconLockOpen from '@tabler/icons-react/dist/esm/icons/IconLockOpen.mjs';
import { Link } from 'react-router';

/**
 * What a paid plan adds, for a free-plan learner who has used up the free sample (the dashboard and Start
 * Test). The link is the upgrade's usual way: the product's page in the store, on its plans.
 */
export function UpgradePrompt({
  productId,
  productName,
  questionCount,
  headingLevel = 2,
}: {
  productId: string;
  productName: string;
  /** The bank's published questions; null while unknown. */
  questionCount: number | null;
  headingLevel?: 2 | 3;
}) {
  const all =
    questionCount === null
      ? 'every question of the bank'
      : `all ${questionCount.toLocaleString('en-US')} question${questionCount === 1 ? '' : 's'} of the bank`;
  return (
    <Card withBorder p="lg" component="section" aria-labelledby="upgrade-prompt-heading">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
          <IconLockOpen size={20} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Title order={headingLevel} size="h4" id="upgrade-prompt-heading">
            You have used the free sample
          </Title>
          <Text mt={4} style={{ overflowWrap: 'anywhere' }}>
            You have seen every question of the free sample of {productName}. A paid plan opens {all} for your
            tests, in every subject and category.
          </Text>
          <Button
            component={Link}
            to={`/store/products/${productId}`}
            mt="md"
            aria-label={`Upgrade ${productName}`}
          >
            Upgrade
          </Button>
        </div>
      </Group>
    </Card>
  );
}
