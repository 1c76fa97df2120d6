// The Stripe objects the emulator keeps, in the shapes of Stripe's API (version of the installed SDK).
// Only the fields the product can read are filled with live values; the others carry Stripe's defaults.
export type Metadata = Record<string, string>;

export interface ProductObject {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  marketing_features: unknown[];
  metadata: Metadata;
  name: string;
  package_dimensions: null;
  shippable: boolean | null;
  statement_descriptor: string | null;
  tax_code: string | null;
  tax_details: null;
  type: 'service';
  unit_label: string | null;
  updated: number;
  url: string | null;
}

export interface Recurring {
  interval: 'day' | 'week' | 'month' | 'year';
  interval_count: number;
  meter: null;
  trial_period_days: null;
  usage_type: 'licensed';
}

export interface PriceObject {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: Recurring | null;
  tax_behavior: 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'one_time' | 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

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

export interface CustomerObject {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  discount: null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: null; default_payment_method: string | null; footer: null; rendering_options: null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
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

export interface LineItemObject {
  id: string;
  object: 'item';
  adjustable_quantity: null;
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  metadata: Metadata;
  price: PriceObject;
  quantity: number;
}

export type SessionStatus = 'open' | 'complete' | 'expired';

export interface CustomerDetails {
  address: null;
  business_name: null;
  email: string | null;
  individual_name: null;
  name: string | null;
  phone: null;
  tax_exempt: 'none';
  tax_ids: [];
}

export interface CheckoutSessionObject {
  id: string;
  object: 'checkout.session';
  adaptive_pricing: null;
  after_expiration: null;
  allow_promotion_codes: boolean | null;
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: { enabled: false; liability: null; provider: null; status: null };
  billing_address_collection: string | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  client_secret: null;
  collected_information: null;
  consent: null;
  consent_collection: null;
  created: number;
  currency: string;
  currency_conversion: null;
  custom_fields: [];
  custom_text: { after_submit: null; shipping_address: null; submit: null; terms_of_service_acceptance: null };
  customer: string | null;
  customer_account: null;
  customer_creation: 'always' | 'if_required' | null;
  customer_details: CustomerDetails | null;
  customer_email: string | null;
  discounts: Array<{ coupon: string; promotion_code: null }>;
  expires_at: number;
  invoice: null;
  invoice_creation: null;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: 'payment' | 'subscription';
  origin_context: null;
  payment_intent: string | null;
  payment_link: null;
  payment_method_collection: 'always' | 'if_required' | null;
  payment_method_configuration_details: null;
  payment_method_options: Record<string, never>;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  permissions: null;
  recovered_from: null;
  saved_payment_method_options: null;
  setup_intent: null;
  shipping_address_collection: null;
  shipping_cost: null;
  shipping_options: [];
  status: SessionStatus;
  submit_type: string | null;
  subscription: string | null;
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: 'hosted';
  url: string | null;
  wallet_options: null;
}

export interface PlanObject {
  id: string;
  object: 'plan';
  active: boolean;
  amount: number;
  amount_decimal: string;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  interval: Recurring['interval'];
  interval_count: number;
  livemode: false;
  metadata: Metadata;
  meter: null;
  nickname: string | null;
  product: string;
  tiers_mode: null;
  transform_usage: null;
  trial_period_days: null;
  usage_type: 'licensed';
}

export interface SubscriptionItemObject {
  id: string;
  object: 'subscription_item';
  billing_thresholds: null;
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Metadata;
  plan: PlanObject;
  price: PriceObject;
  quantity: number;
  subscription: string;
  tax_rates: [];
}

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'trialing', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionObject {
  id: string;
  object: 'subscription';
  application: null;
  application_fee_percent: null;
  automatic_tax: { disabled_reason: null; enabled: false; liability: null };
  billing_cycle_anchor: number;
  billing_cycle_anchor_config: null;
  billing_mode: { flexible: null; type: 'classic' };
  billing_thresholds: null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null } | null;
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_account: null;
  days_until_due: null;
  default_payment_method: null;
  default_source: null;
  description: string | null;
  discounts: string[];
  ended_at: number | null;
  invoice_settings: { account_tax_ids: null; issuer: { type: 'self' } };
  items: { object: 'list'; data: SubscriptionItemObject[]; has_more: false; total_count: number; url: string };
  latest_invoice: null;
  livemode: false;
  metadata: Metadata;
  next_pending_invoice_item_invoice: null;
  on_behalf_of: null;
  pause_collection: null;
  payment_settings: { payment_method_options: null; payment_method_types: null; save_default_payment_method: 'off' };
  pending_invoice_item_interval: null;
  pending_setup_intent: null;
  pending_update: null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  transfer_data: null;
  trial_end: null;
  trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } };
  trial_start: null;
}

export interface PortalFeatures {
  customer_update: { allowed_updates: string[]; enabled: boolean };
  invoice_history: { enabled: boolean };
  payment_method_update: { enabled: boolean; payment_method_configuration: null };
  subscription_cancel: {
    cancellation_reason: { enabled: boolean; options: string[] };
    enabled: boolean;
    mode: 'at_period_end' | 'immediately';
    proration_behavior: 'none' | 'create_prorations' | 'always_invoice';
  };
  subscription_update: { default_allowed_updates: string[]; enabled: boolean; products: null; proration_behavior: 'none' | 'create_prorations' | 'always_invoice' };
}

export interface PortalConfigurationObject {
  id: string;
  object: 'billing_portal.configuration';
  active: boolean;
  application: null;
  business_profile: { headline: string | null; privacy_policy_url: string | null; terms_of_service_url: string | null };
  created: number;
  default_return_url: string | null;
  features: PortalFeatures;
  is_default: boolean;
  livemode: false;
  login_page: { enabled: boolean; url: string | null };
  metadata: Metadata;
  name: string | null;
  updated: number;
}

export interface PortalSessionObject {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  customer_account: null;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export interface PaymentIntentObject {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: 0;
  amount_received: number;
  capture_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  payment_method_types: string[];
  receipt_email: string | null;
  status: 'processing' | 'succeeded' | 'canceled' | 'requires_payment_method';
}

export interface ChargeObject {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  billing_details: { email: string | null; name: string | null };
  captured: true;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  livemode: false;
  metadata: Metadata;
  paid: boolean;
  payment_intent: string;
  refunded: boolean;
  status: 'pending' | 'succeeded' | 'failed';
}

export type RefundReason = 'duplicate' | 'fraudulent' | 'requested_by_customer';

export interface RefundObject {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  destination_details: null;
  metadata: Metadata;
  payment_intent: string;
  reason: RefundReason | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'succeeded';
  transfer_reversal: null;
}

export interface EventObject {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

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
