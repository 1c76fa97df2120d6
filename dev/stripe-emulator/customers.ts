// Customers: created by the API or by a checkout, found by e-mail for the portal's login page.
import { existing } from './errors';
import type { EmulatorCore } from './core';
import type { CustomerObject, EventObject, Metadata } from './objects';
import { NO_REQUEST, randomId, type RequestInfo } from './state';

export class Customers {
  constructor(private readonly core: EmulatorCore) {}

  getCustomer(id: string, param = 'id'): CustomerObject {
    return existing(this.core.state.customers, 'customer', id, param);
  }

  createCustomer(input: { email?: string | null; name?: string | null; phone?: string | null; description?: string | null; metadata?: Metadata }, request: RequestInfo = NO_REQUEST): { customer: CustomerObject; events: EventObject[] } {
    const customer: CustomerObject = {
      id: randomId('cus_', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: this.core.now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: input.description ?? null,
      discount: null,
      email: input.email ?? null,
      invoice_prefix: randomId('', 8).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: input.metadata ?? {},
      name: input.name ?? null,
      next_invoice_sequence: 1,
      phone: input.phone ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.core.state.customers.set(customer.id, customer);
    return { customer, events: [this.core.recordEvent('customer.created', customer, request)] };
  }

  /** Customers whose e-mail matches, ignoring case (newest first). */
  customersByEmail(email: string): CustomerObject[] {
    const wanted = email.trim().toLowerCase();
    return [...this.core.state.customers.values()].reverse().filter((customer) => customer.email?.toLowerCase() === wanted);
  }
}
