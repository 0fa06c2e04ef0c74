import { api } from '../../../lib/http';

/** Records a referral token seen on the landing page (SPEC §2, DESIGN.md §5). */
export const reportReferralToken = (tokenId: string) => api.post('/api/v1/referralTokens', { tokenId });
