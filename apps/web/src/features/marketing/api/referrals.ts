import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/**
 * Records a referral token seen on the landing page (SPEC §2, DESIGN.md §5). The endpoint's declaration (with
 * the contract's zod schemas) is fetched only when there is a token to report, not with the landing page.
 */
export function useReportReferralToken() {
  return useMutation({
    mutationFn: async (tokenId: string) => {
      const { registrationApi } = await import('@qbank/contract/endpoints/registration');
      return call(registrationApi.referral, { body: { tokenId } });
    },
  });
}
