import { TEST_POOLS, type TestPool } from '@qbank/contract';

/** What Start Test calls each pool, with a line on what it draws. */
export const POOL_LABELS: Record<TestPool, { label: string; description: string }> = {
  ALL: { label: 'All questions', description: 'Every question in your choice of subjects' },
  UNUSED: { label: 'Unused', description: 'Questions you have not been given in a test yet' },
  INCORRECT: { label: 'Incorrect', description: 'Questions you answered wrongly the last time' },
  FLAGGED: { label: 'Flagged', description: 'Questions you marked for another look' },
};

/**
 * The pools after the learner ticked or unticked one (`next` is what the checkbox group proposes). All is
 * every question, so it excludes the others: ticking All clears them, ticking another clears All. At least
 * one pool stays chosen: unticking the last one is refused. Kept in the contract's order, so the same choice
 * is always the same request.
 */
export function choosePools(current: readonly TestPool[], next: readonly TestPool[]): TestPool[] {
  const added = next.filter((p) => !current.includes(p));
  let chosen: readonly TestPool[];
  if (added.includes('ALL')) chosen = ['ALL'];
  else if (added.length > 0) chosen = next.filter((p) => p !== 'ALL');
  else chosen = next.length > 0 ? next : current;
  return TEST_POOLS.filter((p) => chosen.includes(p));
}
