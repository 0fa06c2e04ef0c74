import { asc } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { billingPlans } from '../../db/schema';
import { seedDemo } from '../../db/seed';
import type { PriceSpec } from '../../infra/payments';
import { testDatabase } from '../test-app';

let database: Database | null = null;
afterEach(async () => {
  await database?.close();
  database = null;
});

async function emptyDatabase() {
  database = await testDatabase(); // migrated, and empty
  return database.db;
}

describe('demo data', () => {
  it('with the test checkout, paid plans take the fixed demo price ids; free plans none', async () => {
    const db = await emptyDatabase();
    expect(await seedDemo(db)).toBe(true);
    const plans = await db.select().from(billingPlans).orderBy(asc(billingPlans.createdAt));
    expect(
      plans.filter((p) => p.priceCents > 0).every((p) => /^price_local_demo_\d+_\d+$/.test(p.stripePriceId!)),
    ).toBe(true);
    expect(plans.filter((p) => p.priceCents === 0).every((p) => p.stripePriceId === null)).toBe(true);
    expect(await seedDemo(db)).toBe(false); // not empty any more: nothing seeded twice
  });

  it('with a real provider, every paid plan gets a price made there, renewing or one-time as the plan is', async () => {
    const db = await emptyDatabase();
    const asked: PriceSpec[] = [];
    await seedDemo(db, {
      createPrice: async (spec) => {
        asked.push(spec);
        return `price_provider_${asked.length}`;
      },
    });
    const paid = (await db.select().from(billingPlans)).filter((p) => p.priceCents > 0);
    expect(asked).toHaveLength(paid.length);
    for (const plan of paid) {
      const spec = asked[Number(plan.stripePriceId!.split('_').pop()) - 1]!;
      expect(spec).toMatchObject({
        planName: plan.planName,
        amountCents: plan.priceCents,
        frequencyType: plan.frequencyType,
        recurring: plan.autoRenewForSubscription,
      });
    }
  });
});
