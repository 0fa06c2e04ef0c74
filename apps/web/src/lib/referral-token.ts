/** Where the landing page keeps the referral token it saw (DESIGN.md §5), for attaching to checkout sessions. */
export const REFERRAL_STORAGE_KEY = 'qbank.referralTokenId';

export function storedReferralToken(): string | null {
  try {
    return localStorage.getItem(REFERRAL_STORAGE_KEY);
  } catch {
    return null;
  }
}
