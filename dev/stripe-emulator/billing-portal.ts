// The customer portal: its configurations (the account's default one as the Dashboard saves it),
// portal sessions, the login link, and what its Cancel and Renew buttons do to a subscription.
import { existing, noSuch, StripeApiError } from './errors';
import type { EmulatorCore } from './core';
import type { EventObject, PortalConfigurationObject, PortalSessionObject } from './objects';
import { randomId } from './state';

export class BillingPortal {
  constructor(private readonly core: EmulatorCore) {
    this.createDefaultPortalConfiguration();
  }

  private createDefaultPortalConfiguration(): void {
    // An account whose customer portal settings were saved once in the Dashboard (Stripe's defaults).
    const now = this.core.now();
    const configuration: PortalConfigurationObject = {
      id: randomId('bpc_'),
      object: 'billing_portal.configuration',
      active: true,
      application: null,
      business_profile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
      created: now,
      default_return_url: null,
      features: {
        customer_update: { allowed_updates: ['email', 'address', 'shipping', 'phone', 'tax_id'], enabled: true },
        invoice_history: { enabled: true },
        payment_method_update: { enabled: true, payment_method_configuration: null },
        subscription_cancel: { cancellation_reason: { enabled: true, options: ['too_expensive', 'missing_features', 'switched_service', 'unused', 'other'] }, enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
        subscription_update: { default_allowed_updates: [], enabled: false, products: null, proration_behavior: 'none' },
      },
      is_default: true,
      livemode: false,
      login_page: { enabled: false, url: null },
      metadata: {},
      name: null,
      updated: now,
    };
    this.core.state.portalConfigurations.set(configuration.id, configuration);
  }

  defaultPortalConfiguration(): PortalConfigurationObject | undefined {
    for (const configuration of this.core.state.portalConfigurations.values()) if (configuration.is_default) return configuration;
    return undefined;
  }

  getPortalConfiguration(id: string, param = 'id'): PortalConfigurationObject {
    return existing(this.core.state.portalConfigurations, 'billing_portal.configuration', id, param);
  }

  portalLoginUrl(): string {
    return `${this.core.baseUrl()}/portal-login`;
  }

  createPortalSession(input: { customer: string; returnUrl: string | null; configuration?: string; locale?: string | null }): PortalSessionObject {
    this.core.customers.getCustomer(input.customer, 'customer');
    const configuration = input.configuration ? this.getPortalConfiguration(input.configuration, 'configuration') : this.defaultPortalConfiguration();
    if (!configuration) {
      throw new StripeApiError(
        400,
        'No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.',
      );
    }
    if (!configuration.active) throw new StripeApiError(400, `The configuration ${configuration.id} is inactive.`, { param: 'configuration' });
    const returnUrl = input.returnUrl ?? configuration.default_return_url;
    const id = randomId('bps_');
    const session: PortalSessionObject = {
      id,
      object: 'billing_portal.session',
      configuration: configuration.id,
      created: this.core.now(),
      customer: input.customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: input.locale ?? null,
      on_behalf_of: null,
      return_url: returnUrl,
      url: `${this.core.baseUrl()}/portal/${id}`,
    };
    this.core.state.portalSessions.set(id, session);
    return session;
  }

  getPortalSession(id: string): PortalSessionObject {
    return existing(this.core.state.portalSessions, 'billing_portal.session', id);
  }

  /** The portal's cancel button, as the session's configuration says (at period end or immediately). */
  portalCancel(portalSessionId: string, subscriptionId: string): EventObject[] {
    const portal = this.getPortalSession(portalSessionId);
    const subscription = this.core.subscriptions.getSubscription(subscriptionId);
    if (subscription.customer !== portal.customer) throw noSuch('subscription', subscriptionId);
    const configuration = this.getPortalConfiguration(portal.configuration);
    if (!configuration.features.subscription_cancel.enabled) throw new StripeApiError(400, 'Cancelling subscriptions is not enabled in this portal configuration.');
    if (configuration.features.subscription_cancel.mode === 'immediately') return this.core.subscriptions.cancelSubscription(subscriptionId).events;
    return this.core.subscriptions.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true }).events;
  }

  /** The portal's "Renew subscription" button for a subscription set to cancel at period end. */
  portalRenew(portalSessionId: string, subscriptionId: string): EventObject[] {
    const portal = this.getPortalSession(portalSessionId);
    const subscription = this.core.subscriptions.getSubscription(subscriptionId);
    if (subscription.customer !== portal.customer) throw noSuch('subscription', subscriptionId);
    return this.core.subscriptions.updateSubscription(subscriptionId, { cancelAtPeriodEnd: false }).events;
  }
}
