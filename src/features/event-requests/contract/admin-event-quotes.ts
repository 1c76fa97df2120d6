/**
 * /api/admin/event-quotes: staff's quotes of event requests. Pricing a draft answers the server's
 * quote without saving; saving it places its tentative hold and e-mails the customer; withdrawing
 * releases the hold. Bodies: quote-draft.ts.
 */
import type * as z from 'zod';
import { endpoint } from '../../../shared/contract/endpoint';
import type { PricedQuote } from '../rules/quote';
import type { StoredQuote } from '../quote-record';
import type { balanceAtVenueSchema, cancelEventSchema, quoteChangeSchema, quoteDraftSchema, quoteWithdrawSchema } from './quote-draft';

export const listEventQuotes = endpoint('GET', '/api/admin/event-quotes').answers<StoredQuote[]>();
/** 400 with `problems` when the draft cannot be quoted. */
export const previewEventQuote = endpoint('POST', '/api/admin/event-quotes/:id/preview').takes<z.input<typeof quoteDraftSchema>>().answers<PricedQuote>();
/** 409 with `taken` (resource ids) when a space is taken then, or when the event is confirmed. */
export const saveEventQuote = endpoint('POST', '/api/admin/event-quotes/:id').takes<z.input<typeof quoteDraftSchema>>().answers<StoredQuote>();
export const withdrawEventQuote = endpoint('POST', '/api/admin/event-quotes/:id/withdraw').takes<z.input<typeof quoteWithdrawSchema>>().answers<StoredQuote>();
/** A confirmed event's headcount and lines, until the headcount deadline (409 after). */
export const changeEventQuote = endpoint('POST', '/api/admin/event-quotes/:id/change').takes<z.input<typeof quoteChangeSchema>>().answers<StoredQuote>();
/** Balance paid at the venue. */
export const recordEventBalance = endpoint('POST', '/api/admin/event-quotes/:id/balance').takes<z.input<typeof balanceAtVenueSchema>>().answers<StoredQuote>();
/** E-mails the customer their page with "Pay balance" (a second Checkout). */
export const sendEventBalanceLink = endpoint('POST', '/api/admin/event-quotes/:id/balance-link').takes<Record<string, never>>().answers<StoredQuote>();
/** Cancels a confirmed event, refunding by the policy or staff's override; 502 when Stripe refuses (nothing changes). */
export const cancelEventQuote = endpoint('POST', '/api/admin/event-quotes/:id/cancel').takes<z.input<typeof cancelEventSchema>>().answers<StoredQuote>();
