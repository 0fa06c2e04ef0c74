import { Text } from '@mantine/core';
import type { TestSummary } from '@qbank/contract';
import { OpenTestCard } from '../../../components/open-test-card';

/** Start Test while a test is open: one open test per QBank, so the way on is to resume it. */
export function CreateOpenTestCard({ test }: { test: TestSummary }) {
  return (
    <OpenTestCard test={test}>
      <Text mt="sm">Finish it, or end it from its screen, before you start another test in this QBank.</Text>
    </OpenTestCard>
  );
}
