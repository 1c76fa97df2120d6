// Every fuzz case, in a fixed order from a fixed seed.
import { Prng } from '../prng';
import { authCases, type AuthContext } from './auth-cases';
import { systematicBodyCases } from './body-cases';
import { randomBodyCases } from './body-random';
import type { FuzzCase } from './case';
import { inboxCases, type InboxContext } from './inbox-cases';
import { pathCases, type PathContext } from './path-cases';
import { customerQuoteCases, quoteCases, quoteStateCases, type QuoteContext } from './quote-cases';
import { webhookCases, type WebhookContext } from './webhook-cases';

export const FUZZ_SEED = 20_251_123;
/** At least this many requests in all (the random mixes fill up what the systematic cases leave). */
export const FUZZ_TARGET = 5_400;

export type AllCasesContext = AuthContext & PathContext & WebhookContext & InboxContext & QuoteContext;

export function allCases(context: AllCasesContext): { cases: FuzzCase[]; legitimateEventIds: string[] } {
  const prng = new Prng(FUZZ_SEED);
  const webhooks = webhookCases(context);
  const cases = [...systematicBodyCases(context, prng), ...authCases(context), ...pathCases(context), ...inboxCases(context), ...quoteCases(context), ...customerQuoteCases(context), ...quoteStateCases(context), ...webhooks.cases];
  cases.push(...randomBodyCases(context, prng, Math.max(0, FUZZ_TARGET - cases.length)));
  return { cases, legitimateEventIds: webhooks.legitimateEventIds };
}
