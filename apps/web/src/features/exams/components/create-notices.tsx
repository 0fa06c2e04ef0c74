import { Alert, Anchor, Button, Card, Text, Title } from '@mantine/core';
import IconInfoCircle from '@tabler/icons-react/dist/esm/icons/IconInfoCircle.mjs';
import { Link } from 'react-router';

/** A free (BASIC) plan draws only from the product's free sample; the store sells the rest. */
export function CreateFreeSampleNotice({
  productId,
  productName,
}: {
  productId: string;
  productName: string;
}) {
  return (
    <Alert color="blue" title="Free sample" icon={<IconInfoCircle aria-hidden />}>
      <Text size="sm">
        Your free plan draws tests only from the free sample of {productName}. Upgrade to practise with every
        question.
      </Text>
      <Anchor component={Link} to={`/store/products/${productId}`} size="sm" fw={600}>
        See the plans for {productName}
      </Anchor>
    </Alert>
  );
}

/** Start Test without a QBank: the store is where one is found. */
export function CreateNoQBank() {
  return (
    <Card withBorder p="lg">
      <Title order={2} size="h3">
        You have no QBank yet
      </Title>
      <Text mt="xs">
        Tests are drawn from a question bank. Find one in the store: many start with a free plan.
      </Text>
      <Button component={Link} to="/store" mt="md" style={{ alignSelf: 'flex-start' }}>
        Visit Store
      </Button>
    </Card>
  );
}

/** A product whose bank has no published question yet: nothing to draw a test from. */
export function CreateNoQuestions({ productName }: { productName: string }) {
  return (
    <Card withBorder p="lg" bg="gray.0">
      <Title order={2} size="h3">
        No questions yet
      </Title>
      <Text mt="xs">
        {productName} has no published questions yet, so there is nothing to build a test from. Questions
        appear here as its authors publish them.
      </Text>
    </Card>
  );
}
