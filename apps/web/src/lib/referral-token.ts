/** Where the landing page keeps the referral token it saw (DESIGN.md §5), for attaching to checkout sessions. */
export const REFERRAL_STORAGE_KEY = 'qbank.referralTokenId';
/** The tokens this browser has already reported, newest last: a token is recorded once (DESIGN.md §5). */
export const REPORTED_REFERRALS_KEY = 'qbank.referralTokensReported';
const REPORTED_KEPT = 20;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;
const browserStorage = (): KeyValueStore | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked
  }
};

export function storedReferralToken(): string | null {
  try {
    return localStorage.getItem(REFERRAL_STORAGE_KEY);
  } catch {
    return null;
  }
}

function reportedTokens(store: KeyValueStore): string[] {
  try {
    const list = JSON.parse(store.getItem(REPORTED_REFERRALS_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Keeps the token for checkout and answers whether it still has to be reported: true until this browser has
 * reported it (`markReferralReported`), so a reload or a second visit with the same link reports nothing
 * more. Without storage it answers true (the server records a visitor's token once anyway).
 */
export function keepReferralToken(tokenId: string, store: KeyValueStore | null = browserStorage()): boolean {
  if (!store) return true;
  try {
    store.setItem(REFERRAL_STORAGE_KEY, tokenId);
  } catch {
    // Storage full or blocked: the token is still reported.
  }
  return !reportedTokens(store).includes(tokenId);
}

/** Remembers that the server has recorded this token (the last 20 tokens are remembered). */
export function markReferralReported(tokenId: string, store: KeyValueStore | null = browserStorage()): void {
  if (!store) return;
  const reported = reportedTokens(store).filter((t) => t !== tokenId);
  try {
    store.setItem(REPORTED_REFERRALS_KEY, JSON.stringify([...reported, tokenId].slice(-REPORTED_KEPT)));
  } catch {
    // Storage full or blocked: a later visit reports it again, and the server does not record it twice.
  }
}
