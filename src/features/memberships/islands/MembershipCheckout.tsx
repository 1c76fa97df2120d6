import { useEffect, useState } from 'react';
import { startMembershipCheckout, type MembershipCheckoutAnswer } from '../contract/membership-checkout';
import { callApi } from '../../../lib/api-client';
import { formatMoney as usd } from '../../../domain/money';
import { showToast } from '../../../islands/toast';
import { isPromotionRunning, termSavings, tierFromQuery, type PromotionWindow } from '../rules/membership-pricing';
import type { MembershipCatalog, TermKey, Tier } from '../rules/membership';

export type CheckoutCatalog = Pick<MembershipCatalog, 'defaultTerm' | 'terms' | 'plans'> & {
  /** The promotion with its days as instants, and whether it ran when the page was built (the first render's answer). */
  promotion: Pick<MembershipCatalog['promotion'], 'name' | 'checkoutText'> & PromotionWindow & { runningAtBuild: boolean };
};

export const CHECKOUT_ERROR = {
  title: 'Checkout Error',
  startFailed: 'Failed to start checkout process',
  redirectFailed: 'Failed to redirect to checkout',
} as const;

/**
 * /membership-checkout?tier=…: choose a billing term for the plan and subscribe through the hosted
 * checkout. Prices shown come from the same catalogue the server charges from.
 */
export default function MembershipCheckout({ catalog }: { catalog: CheckoutCatalog }) {
  const [tier, setTier] = useState<Tier>(catalog.plans[0]!.tier);
  const [termKey, setTermKey] = useState<TermKey>(catalog.defaultTerm);
  const [pending, setPending] = useState(false);
  // The banner as built, then as the visitor's clock says (the server decides the charge the same way).
  const [promotionShown, setPromotionShown] = useState(catalog.promotion.runningAtBuild);

  useEffect(() => {
    setTier(tierFromQuery(catalog, new URLSearchParams(window.location.search).get('tier')));
    setPromotionShown(isPromotionRunning(catalog.promotion, new Date()));
  }, [catalog]);

  const plan = catalog.plans.find((candidate) => candidate.tier === tier) ?? catalog.plans[0]!;
  const term = catalog.terms.find((candidate) => candidate.key === termKey) ?? catalog.terms[0]!;
  const selected = termSavings(plan, term);

  async function subscribe() {
    setPending(true);
    try {
      const answer: Partial<MembershipCheckoutAnswer> | undefined = await callApi(startMembershipCheckout, { body: { membershipTier: plan.tier, billingTerm: term.key } });
      if (!answer?.sessionId || !answer.url) {
        showToast({ title: CHECKOUT_ERROR.title, description: CHECKOUT_ERROR.redirectFailed, variant: 'destructive' });
        setPending(false);
        return;
      }
      window.location.assign(answer.url);
    } catch (error) {
      showToast({ title: CHECKOUT_ERROR.title, description: (error instanceof Error && error.message) || CHECKOUT_ERROR.startFailed, variant: 'destructive' });
      setPending(false);
    }
  }

  return (
    <div>
      {promotionShown ? (
        <p className="rounded-card border border-gold/60 bg-raised px-5 py-4 text-center font-bold text-gold">
          {catalog.promotion.name}: {catalog.promotion.checkoutText}
        </p>
      ) : null}

      <div className="mt-8">
        <p className="eyebrow">{plan.popular ? 'Most Popular' : 'Membership'}</p>
        <h1 className="mt-2 text-h1">{plan.tier} Membership</h1>
        <p className="mt-3 text-lead text-muted">{plan.description}</p>
        <ul className="mt-4 flex flex-wrap gap-2 text-small">
          {[plan.dailyReservations, plan.playingRestrictions, plan.guestsAllowed].map((fact) => (
            <li key={fact} className="rounded-button border border-line px-3 py-1 text-muted">
              {fact}
            </li>
          ))}
        </ul>
      </div>

      <fieldset className="mt-10">
        <legend className="text-h3 font-extrabold">Choose your billing term</legend>
        <div className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {catalog.terms.map((candidate) => {
            const figures = termSavings(plan, candidate);
            const checked = candidate.key === term.key;
            return (
              <label
                key={candidate.key}
                className={`relative flex cursor-pointer flex-col rounded-card border p-5 transition has-[:focus-visible]:shadow-focus ${checked ? 'border-accent bg-raised' : 'border-line bg-surface hover:border-accent/60'}`}
              >
                <input type="radio" name="billing-term" value={candidate.key} checked={checked} onChange={() => setTermKey(candidate.key)} className="sr-only" />
                <span className="font-bold text-text">{candidate.checkoutLabel}</span>
                <span className="mt-3 text-h3 font-extrabold text-text">
                  {usd(figures.monthlyRate)}
                  <span className="text-small font-normal text-muted">/mo</span>
                </span>
                <span className="mt-2 text-small text-muted">{figures.savingsPerMonth > 0 ? `Save ${usd(figures.savingsPerMonth)}/mo (${figures.savingsPercent}%)` : 'No commitment'}</span>
                {checked ? (
                  <span className="absolute right-4 top-4 text-accent-strong" aria-hidden="true">
                    <svg width="18" height="18" viewBox="0 0 18 18"><path d="M3 9.5l4 4 8-9" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" /></svg>
                  </span>
                ) : null}
              </label>
            );
          })}
        </div>
      </fieldset>

      <section className="card mt-10" aria-labelledby="checkout-summary-title">
        <h2 id="checkout-summary-title" className="text-h3">
          Your Selection
        </h2>
        <dl className="mt-5 space-y-3" data-testid="checkout-summary">
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Plan</dt>
            <dd className="font-bold">{plan.tier}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Billing term</dt>
            <dd className="font-bold">{term.checkoutLabel}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Monthly rate</dt>
            <dd className="font-bold">{usd(selected.monthlyRate)}/mo</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Billed {term.months === 1 ? 'monthly' : `every ${term.months} months`}</dt>
            <dd className="font-bold">{usd(selected.chargePerPeriod)}</dd>
          </div>
          {selected.packageSavings > 0 ? (
            <div className="flex justify-between gap-4 text-success">
              <dt>Total package savings</dt>
              <dd className="font-bold">
                {usd(selected.packageSavings)} ({selected.savingsPercent}%)
              </dd>
            </div>
          ) : null}
        </dl>
        {promotionShown ? <p className="mt-4 text-small text-gold">{catalog.promotion.checkoutText}.</p> : null}
        <button type="button" className="btn-primary mt-6 w-full disabled:cursor-wait disabled:opacity-70" onClick={subscribe} disabled={pending}>
          {pending ? 'Processing...' : `Subscribe to ${plan.tier}`}
        </button>
        <p className="mt-3 text-center text-small text-muted">Secure checkout. Memberships start immediately and are non-refundable.</p>
      </section>
    </div>
  );
}
