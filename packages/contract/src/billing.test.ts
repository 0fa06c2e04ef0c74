import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FREQUENCY_TYPES, frequencyText, listPlans, planNote, priceText } from './billing';

describe('price text (SPEC §5)', () => {
  it.each([
    [0, 'Free'],
    [49, '$49'],
    [79.99, '$79.99'],
    [79.9, '$79.90'],
    [1250, '$1,250'],
    [0.5, '$0.50'],
  ])('%s → %s', (price, text) => expect(priceText(price)).toBe(text));

  it('never shows cents for whole dollars and always shows two decimals otherwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (cents) => {
        const t = priceText(cents / 100);
        expect(t.startsWith('$')).toBe(true);
        expect(/\.\d\d$/.test(t)).toBe(cents % 100 !== 0);
      }),
    );
  });
});

describe('frequency text (SPEC §5)', () => {
  it.each([
    ['MONTHLY', false, 'for 1 month'],
    ['QUARTERLY', false, 'for 3 months'],
    ['HALF_YEARLY', false, 'for 6 months'],
    ['YEARLY', false, 'for 1 year'],
    ['INDEFINITE', false, 'for unlimited access'],
    ['MONTHLY', true, 'every month'],
    ['QUARTERLY', true, 'every 3 months'],
    ['HALF_YEARLY', true, 'every 6 months'],
    ['YEARLY', true, 'every year'],
    ['INDEFINITE', true, 'for unlimited access'],
  ] as const)('%s auto-renew %s → %s', (f, r, text) => expect(frequencyText(f, r)).toBe(text));
});

describe('note under a plan (SPEC §5)', () => {
  it('auto-renew plans say how to manage or cancel', () => {
    expect(planNote({ price: 49, frequencyType: 'MONTHLY', autoRenewForSubscription: true })).toBe(
      'Auto-renews every month. Manage or cancel anytime in Account Settings.',
    );
  });
  it('other paid plans that end are one-time purchases', () => {
    expect(planNote({ price: 199, frequencyType: 'HALF_YEARLY', autoRenewForSubscription: false })).toBe(
      'One-time purchase. Option to enable auto-renew in Account Settings.',
    );
  });
  it('unlimited and free one-time plans have no note', () => {
    expect(planNote({ price: 125, frequencyType: 'INDEFINITE', autoRenewForSubscription: false })).toBeNull();
    expect(planNote({ price: 0, frequencyType: 'MONTHLY', autoRenewForSubscription: false })).toBeNull();
  });
});

describe('plan listing (SPEC §5)', () => {
  const plans = [
    { id: 'y', active: true, frequencyType: 'YEARLY' as const },
    { id: 'i', active: true, frequencyType: 'INDEFINITE' as const },
    { id: 'm', active: false, frequencyType: 'MONTHLY' as const },
    { id: 'q', active: true, frequencyType: 'QUARTERLY' as const },
    { id: 'h', active: true, frequencyType: 'HALF_YEARLY' as const },
  ];
  it('lists active plans in frequency order', () => {
    expect(listPlans(plans).map((p) => p.id)).toEqual(['q', 'h', 'y', 'i']);
  });
  it('includes inactive ones when asked', () => {
    expect(listPlans(plans, true).map((p) => p.id)).toEqual(['m', 'q', 'h', 'y', 'i']);
  });
  it('is a stable sort consistent with the frequency order for any input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ active: fc.boolean(), frequencyType: fc.constantFrom(...FREQUENCY_TYPES) })),
        (ps) => {
          const out = listPlans(ps);
          expect(out.every((p) => p.active)).toBe(true);
          for (let i = 1; i < out.length; i++)
            expect(FREQUENCY_TYPES.indexOf(out[i - 1]!.frequencyType)).toBeLessThanOrEqual(
              FREQUENCY_TYPES.indexOf(out[i]!.frequencyType),
            );
        },
      ),
    );
  });
});
