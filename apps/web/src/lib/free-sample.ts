/**
 * Whether a free-plan learner has used up the free sample: a free plan draws only from it (docs/tests.md), it
 * holds questions, and none is left that the learner has not seen. Then the dashboard and Start Test say what a
 * paid plan adds.
 */
export function freeSampleUsedUp(s: {
  freeSampleOnly: boolean;
  sampleSize: number;
  unseen: number;
}): boolean {
  return s.freeSampleOnly && s.sampleSize > 0 && s.unseen <= 0;
}
