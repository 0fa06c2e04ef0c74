import type { BillingPlan, ProductContent } from '@qbank/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { sessionKeys, signedOut } from '../../accounts/api/session';
import { storeKeys } from '../api/store';
import { ProductPage } from './product-page';

const ID = 'p1';
const content: ProductContent = {
  uuid: ID,
  name: 'Cardiology Review',
  questionCount: 1200,
  targetAudience: 'Residents',
  content: 'Every valve, every murmur.',
  learnersCount: 12,
  authors: 'Dr. Lee',
  questionFormat: 'Single best answer',
  productCategory: 'MEDICAL',
  colorMap: {},
  domainName: null,
  additionalContent: null,
};
const plan = (uuid: string, planName: string, price: number): BillingPlan => ({
  uuid,
  productUuid: ID,
  planName,
  price,
  frequencyType: price === 0 ? 'INDEFINITE' : 'HALF_YEARLY',
  autoRenewForSubscription: false,
  billingPlanType: 'PUBLIC',
  active: true,
  stripePriceId: price === 0 ? null : `price_${uuid}`,
});
const plans = [plan('free', 'Free sample', 0), plan('six', 'Six months', 149), plan('one', 'One month', 49)];

/** The product page as a signed-out visitor opens it, its data already in the cache (as the server sends it). */
function openPage() {
  renderPage(<ProductPage />, {
    path: '/store/products/:id',
    url: `/store/products/${ID}`,
    data: [
      [sessionKeys.current, signedOut(false)],
      [storeKeys.product(ID), content],
      [storeKeys.plans(ID), plans],
      [storeKeys.logo(ID, 'PRODUCT_LOGO'), null],
    ],
  });
  return userEvent.setup();
}

const planRadio = (name: RegExp) => screen.getByRole('radio', { name });

describe('the product page’s plan picker', () => {
  it('starts at the most expensive public plan, and its button buys it', () => {
    openPage();
    expect(planRadio(/Six months/)).toBeChecked();
    expect(planRadio(/One month/)).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  it('a click chooses another plan; the free one offers the free subscription', async () => {
    const user = openPage();
    await user.click(planRadio(/Free sample/));
    expect(planRadio(/Free sample/)).toBeChecked();
    expect(planRadio(/Six months/)).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Start Free Subscription' })).toBeEnabled();
  });

  it('clicking the chosen plan again deselects it, and the button asks for a plan', async () => {
    const user = openPage();
    await user.click(planRadio(/Six months/));
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
    expect(screen.getByRole('button', { name: 'Select a plan' })).toBeDisabled();
  });

  it('by keyboard: the arrow keys move between the plans and choose them', async () => {
    const user = openPage();
    planRadio(/Six months/).focus();
    await user.keyboard('{ArrowDown}');
    expect(planRadio(/One month/)).toBeChecked();
    expect(planRadio(/One month/)).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(planRadio(/Free sample/)).toBeChecked();
  });
});
