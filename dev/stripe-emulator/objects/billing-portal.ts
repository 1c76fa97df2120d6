// The customer portal's configuration and its sessions.
import type { Metadata } from './common';

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
