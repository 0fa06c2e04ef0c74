import { describe, expect, it } from 'vitest';
import {
  keepReferralToken,
  markReferralReported,
  REFERRAL_STORAGE_KEY,
  REPORTED_REFERRALS_KEY,
} from './referral-token';

const memoryStore = () => {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
  };
};

/** What the landing page does: report when needed, and remember once the server recorded it. */
const visit = (tokenId: string, s: ReturnType<typeof memoryStore>, recorded = true) => {
  const report = keepReferralToken(tokenId, s);
  if (report && recorded) markReferralReported(tokenId, s);
  return report;
};

describe('referral token memory', () => {
  it('reports a token until it is recorded, then never again; keeps the newest token for checkout', () => {
    const s = memoryStore();
    expect(visit('partner-a', s, false)).toBe(true); // the report failed
    expect(visit('partner-a', s)).toBe(true);
    expect(visit('partner-a', s)).toBe(false);
    expect(s.m.get(REFERRAL_STORAGE_KEY)).toBe('partner-a');
    expect(visit('partner-b', s)).toBe(true);
    expect(s.m.get(REFERRAL_STORAGE_KEY)).toBe('partner-b');
    // Back to an earlier link: it is kept for checkout again, but not reported again.
    expect(visit('partner-a', s)).toBe(false);
    expect(s.m.get(REFERRAL_STORAGE_KEY)).toBe('partner-a');
  });

  it('remembers the last 20 tokens only', () => {
    const s = memoryStore();
    for (let i = 0; i < 25; i++) visit(`t${i}`, s);
    const kept = JSON.parse(s.m.get(REPORTED_REFERRALS_KEY)!) as string[];
    expect(kept).toHaveLength(20);
    expect(kept[0]).toBe('t5');
    expect(visit('t0', s)).toBe(true);
    expect(visit('t24', s)).toBe(false);
  });

  it('treats a damaged list as empty, and reports when there is no storage or it refuses writes', () => {
    const s = memoryStore();
    s.m.set(REPORTED_REFERRALS_KEY, '{not json');
    expect(visit('x', s)).toBe(true);
    expect(visit('x', s)).toBe(false);
    expect(keepReferralToken('y', null)).toBe(true);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(keepReferralToken('z', full)).toBe(true);
    markReferralReported('z', full);
    expect(keepReferralToken('z', full)).toBe(true);
  });
});
