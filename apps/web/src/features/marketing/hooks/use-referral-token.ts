import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { keepReferralToken, markReferralReported } from '../../../lib/referral-token';
import { useReportReferralToken } from '../api/referrals';

// Once per page load, whatever re-renders or re-mounts happen (StrictMode mounts effects twice).
const seen = new Set<string>();

/**
 * A tokenId query on the landing page is kept for checkout and reported to the server once (SPEC §2,
 * DESIGN.md §5): the browser remembers the tokens it reported, so a reload or a second visit with the same
 * link reports nothing more.
 */
export function useReferralToken() {
  const [params] = useSearchParams();
  const tokenId = params.get('tokenId')?.trim();
  const { mutate: report } = useReportReferralToken();
  useEffect(() => {
    if (!tokenId || seen.has(tokenId)) return;
    seen.add(tokenId);
    if (!keepReferralToken(tokenId)) return;
    // A referral that cannot be recorded must never get in the visitor's way; the next visit tries again.
    report(tokenId, { onSuccess: () => markReferralReported(tokenId) });
  }, [tokenId, report]);
}
