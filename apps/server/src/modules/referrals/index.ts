// The referrals module: referral links and the visits they bring.
import type { ServerModule } from '../manifest';
import { referralRoutes } from './routes';

export { keepReferralCookie, REFERRAL_COOKIE, referralOf } from './attribution';

export const referralsModule: ServerModule = { name: 'referrals', routes: referralRoutes };
