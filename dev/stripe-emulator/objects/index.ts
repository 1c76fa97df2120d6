// The Stripe objects the emulator keeps, in the shapes of Stripe's API (version of the installed SDK).
// Only the fields the product can read are filled with live values; the others carry Stripe's defaults.
import type { CouponObject, DiscountObject } from './coupons';
import type { CustomerObject } from './customers';
import type { CheckoutSessionObject } from './checkout';
import type { PriceObject, ProductObject } from './catalog';
import type { SubscriptionObject } from './subscriptions';
import type { PortalConfigurationObject, PortalSessionObject } from './billing-portal';
import type { ChargeObject, PaymentIntentObject, RefundObject } from './payments';
import type { EventObject } from './events';

export type { Metadata } from './common';
export type * from './catalog';
export type * from './coupons';
export type * from './customers';
export type * from './checkout';
export type * from './billing-portal';
export type * from './payments';
export type * from './events';
export * from './subscriptions';

/** Every object the emulator keeps, as looked up by id. */
export type AnyObject =
  | ProductObject
  | PriceObject
  | CouponObject
  | CustomerObject
  | DiscountObject
  | CheckoutSessionObject
  | SubscriptionObject
  | PortalConfigurationObject
  | PortalSessionObject
  | PaymentIntentObject
  | ChargeObject
  | RefundObject
  | EventObject;
