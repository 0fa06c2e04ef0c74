import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SubscriptionSummary } from './accounts';
import { activeSubscription, sidebarLinks, staffAccessLabel } from './roles';

const none = {
  student: false,
  questionWriter: false,
  questionAuditor: false,
  instructor: false,
  admin: false,
};
const labels = (r: Partial<typeof none> | null, su = false) =>
  sidebarLinks(r ? { ...none, ...r } : null, su).map((l) => l.label);

describe('sidebar by role (SPEC §6)', () => {
  it('student: Dashboard, Start Test, My Tests', () =>
    expect(labels({ student: true })).toEqual(['Dashboard', 'Start Test', 'My Tests']));
  it('writer or auditor: My Questions', () => {
    expect(labels({ questionWriter: true })).toEqual(['My Questions']);
    expect(labels({ questionAuditor: true })).toEqual(['My Questions']);
  });
  it('instructor: Students, Test Bank, Test Builder', () =>
    expect(labels({ instructor: true })).toEqual(['Students', 'Test Bank', 'Test Builder']));
  it('admin: My Questions, Students, Admin', () =>
    expect(labels({ admin: true })).toEqual(['My Questions', 'Students', 'Admin']));
  it('superuser: Super, even without a subscription', () => expect(labels(null, true)).toEqual(['Super']));
  it('every combination shows exactly the links its roles allow', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (s, w, a, i, ad, su) => {
          const l = labels(
            { student: s, questionWriter: w, questionAuditor: a, instructor: i, admin: ad },
            su,
          );
          expect(l.includes('Dashboard')).toBe(s);
          expect(l.includes('My Questions')).toBe(w || a || ad);
          expect(l.includes('Students')).toBe(i || ad);
          expect(l.includes('Test Builder')).toBe(i);
          expect(l.includes('Admin')).toBe(ad);
          expect(l.includes('Super')).toBe(su);
          expect(new Set(l).size).toBe(l.length);
        },
      ),
    );
  });
});

describe('active subscription (SPEC §4)', () => {
  const sub = (id: string, active = true): SubscriptionSummary => ({
    subscriptionUuid: `s-${id}`,
    product: { uuid: id, name: id, colorMap: {} },
    active,
    type: 'PREMIUM',
    ...none,
    student: true,
  });
  it('is the one matching lastUsedProductUuid', () =>
    expect(
      activeSubscription({ subscriptions: [sub('a'), sub('b')], lastUsedProductUuid: 'b' })?.product.uuid,
    ).toBe('b'));
  it('else the first active one', () => {
    expect(
      activeSubscription({ subscriptions: [sub('a', false), sub('b')], lastUsedProductUuid: 'zzz' })?.product
        .uuid,
    ).toBe('b');
    expect(
      activeSubscription({ subscriptions: [sub('a'), sub('b')], lastUsedProductUuid: null })?.product.uuid,
    ).toBe('a');
  });
  it('is none without an active subscription', () =>
    expect(activeSubscription({ subscriptions: [sub('a', false)], lastUsedProductUuid: 'a' })).toBeNull());
});

describe('staff access label (issue 8)', () => {
  const label = (r: Partial<typeof none>) => staffAccessLabel({ ...none, ...r });
  it('names the one role', () => {
    expect(label({ questionWriter: true })).toBe('Question writer');
    expect(label({ questionAuditor: true })).toBe('Question auditor');
    expect(label({ instructor: true })).toBe('Instructor');
    expect(label({ admin: true })).toBe('Admin');
  });
  it('joins several in a fixed order', () =>
    expect(label({ admin: true, questionWriter: true, student: true })).toBe('Question writer, Admin'));
  it('never says Admin Access, and falls back to Staff access without a staff role', () => {
    expect(label({ student: true })).toBe('Staff access');
    expect(label({ questionWriter: true })).not.toContain('Admin Access');
  });
});
