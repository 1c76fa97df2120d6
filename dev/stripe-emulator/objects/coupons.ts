// Coupons and the discounts that apply one to a Checkout session or a subscription.
import type { Metadata } from './common';

export interface CouponObject {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  created: number;
  currency: string | null;
  duration: 'forever' | 'once' | 'repeating';
  duration_in_months: number | null;
  livemode: false;
  max_redemptions: number | null;
  metadata: Metadata;
  name: string | null;
  percent_off: number | null;
  redeem_by: number | null;
  times_redeemed: number;
  valid: boolean;
}

export interface DiscountObject {
  id: string;
  object: 'discount';
  checkout_session: string | null;
  customer: string | null;
  end: number | null;
  invoice: null;
  invoice_item: null;
  promotion_code: null;
  source: { coupon: CouponObject; type: 'coupon' };
  start: number;
  subscription: string | null;
  subscription_item: null;
}
