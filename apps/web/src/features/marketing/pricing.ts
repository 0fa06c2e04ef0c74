import { Brand } from '@qbank/contract';

export interface PricingPlan {
  name: string;
  audience: string;
  price: string;
  extra: string;
  includes: string[];
  primary?: boolean;
}

/** The two plans the landing page markets (SPEC §1), in the order shown. */
export const PRICING_PLANS: PricingPlan[] = [
  {
    name: `Public ${Brand.product}`,
    audience: 'Sell subscriptions to your question bank on the public store.',
    price: '$50',
    extra: 'plus 15% or $20 per sale, and card fees',
    includes: [
      '1 question bank',
      'Unlimited students',
      'Writer and editor roles',
      'Version history',
      'Bulk question upload',
      'Your own logo and colours',
    ],
    primary: true,
  },
  {
    name: `Private ${Brand.product}`,
    audience: 'Run a question bank privately for your institution.',
    price: '$250',
    extra: 'includes the first 50 student subscriptions, then $5 per extra student per month',
    includes: [
      'Everything in Public',
      'Instructor roles',
      'Performance tracking',
      'Test building',
      'Real-time and bulk student enrolment',
      'Automated enrolment through an integration tool for some LMS platforms',
    ],
  },
];
