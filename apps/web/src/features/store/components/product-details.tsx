import { Accordion, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { categoryText } from '../product-categories';

/** Learners are shown at 100 or more on the detail page (SPEC §9). */
export const showLearnersOnDetail = (n: number) => n >= 100;

/** What the product page's details draw of a product. */
export interface ProductDetailsOf {
  content: string;
  questionCount: number;
  learnersCount: number;
  productCategory: string;
  authors: string;
  shortAuthors?: string;
  targetAudience: string;
  questionFormat: string;
}

/**
 * The product page's details (SPEC §2): the content, the stats grid and the drawers. The store's product page
 * and the settings screen's preview draw it alike.
 */
export function ProductDetails({
  product: p,
  narrow = false,
}: {
  product: ProductDetailsOf;
  /** Drawn in a narrow column (the preview beside a form): two stats a row at any width. */
  narrow?: boolean;
}) {
  return (
    <Stack gap="md">
      <Text style={{ whiteSpace: 'pre-line' }}>{p.content}</Text>
      <SimpleGrid cols={narrow ? 2 : { base: 2, sm: 3 }} spacing="sm">
        <Stat label="Questions" value={p.questionCount.toLocaleString('en-US')} />
        {showLearnersOnDetail(p.learnersCount) && (
          <Stat label="Learners" value={p.learnersCount.toLocaleString('en-US')} />
        )}
        <Stat label="Category" value={categoryText(p.productCategory)} />
        <Stat label="Language" value="English" />
        <Stat label="Author/Publisher" value={p.shortAuthors || p.authors || '—'} />
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
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'break-word' }}>
        {value}
      </Text>
    </Paper>
  );
}
