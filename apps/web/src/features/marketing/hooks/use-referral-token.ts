import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { REFERRAL_STORAGE_KEY } from '../../../lib/referral-token';
import { reportReferralToken } from '../api/referrals';

// Once per page load, whatever re-renders or re-mounts happen (StrictMode mounts effects twice).
const reported = new Set<string>();

/** A tokenId query on the landing page is reported to the server once on load and kept for checkout. */
export function useReferralToken() {
  const [params] = useSearchParams();
  const tokenId = params.get('tokenId')?.trim();
  useEffect(() => {
    if (!tokenId || reported.has(tokenId)) return;
    reported.add(tokenId);
    try {
      localStorage.setItem(REFERRAL_STORAGE_KEY, tokenId);
    } catch {
      // Private mode without storage: the token is still reported.
    }
    reportReferralToken(tokenId).catch(() => {
      // A referral that cannot be recorded must never get in the visitor's way.
    });
  }, [tokenId]);
}
