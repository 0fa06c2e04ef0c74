import { z } from 'zod';

/** GET tests/inprogress (SPEC §7): which product to look in; without it, the caller's active product. */
export const testInProgressQuery = z.object({
  productUuid: z.uuid({ error: 'productUuid must be a UUID' }).optional(),
});
/** GET tests/inprogress answers the test's uuid; a 404 means there is none (SPEC §7). */
export const testInProgress = z.object({ uuid: z.uuid() });
export type TestInProgress = z.infer<typeof testInProgress>;

/** The message of the 404 that means "no test in progress". */
export const NO_TEST_IN_PROGRESS = 'No test in progress';
