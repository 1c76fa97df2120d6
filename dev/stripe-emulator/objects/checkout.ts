// Checkout sessions and their line items.
import type { PriceObject } from './catalog';
import type { Metadata } from './common';

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
