import { useState } from 'react';
import { openBillingPortal } from '../contract/create-portal-session';
import { callApi } from '../../../lib/api-client';
import { showToast } from '../../../islands/toast';
import type { BillingTerm } from '../rules/membership';
import { usePaymentView } from '../../../islands/shared/checkout-session';
import { LinkButtons } from '../../../islands/shared/LinkButtons';
import { Loading, PaymentError } from '../../../islands/shared/PaymentError';
import { SummaryFacts } from '../../../islands/shared/SummaryFacts';

export const PORTAL_ERROR = {
  noCustomer: 'No customer data available',
  title: 'Error',
  description: 'Unable to access account management. Please try again.',
} as const;

/** /membership-success?session_id=…: 'Membership Activated', and the verified way into the billing portal. */
export default function MembershipSuccess({ terms }: { terms: ReadonlyArray<Pick<BillingTerm, 'key' | 'label'>> }) {
  const [opening, setOpening] = useState(false);
  const view = usePaymentView(({ customer, metadata }, sessionId) => {
    if (!metadata.membershipTier) throw new Error('Not a membership payment');
    const term = terms.find((candidate) => candidate.key === metadata.billingTerm)?.label ?? metadata.billingTerm ?? '';
    return { sessionId, customer, tier: metadata.membershipTier, term };
  });

  async function openPortal() {
    if (view.state !== 'done') return;
    if (!view.customer) {
      showToast({ title: PORTAL_ERROR.title, description: PORTAL_ERROR.noCustomer, variant: 'destructive' });
      return;
    }
    setOpening(true);
    try {
      const { url } = await callApi(openBillingPortal, { body: { customerId: view.customer, sessionId: view.sessionId } });
      window.location.assign(url);
    } catch {
      showToast({ title: PORTAL_ERROR.title, description: PORTAL_ERROR.description, variant: 'destructive' });
      setOpening(false);
    }
  }

  if (view.state === 'loading') return <Loading label="Confirming your membership..." />;
  if (view.state === 'error') return <PaymentError retryHref="/memberships" retryLabel="Back to Memberships" />;

  return (
    <div className="card text-center">
      <span className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-accent text-accent-on" aria-hidden="true">
        <svg width="26" height="26" viewBox="0 0 26 26"><path d="M5 13.5l5 5 11-12" stroke="currentColor" strokeWidth="3" fill="none" strokeLinecap="round" /></svg>
      </span>
      <h1 className="mt-6 text-h2">Membership Activated</h1>
      <p className="mt-3 text-muted">Welcome to the club. Your membership starts today.</p>
      <SummaryFacts
        className="mx-auto mt-8 max-w-xl text-left"
        facts={[
          { label: 'Plan', value: view.tier },
          { label: 'Billing Term', value: view.term },
          { label: 'Status', value: 'Active', tone: 'success' },
        ]}
      />
      <LinkButtons
        className="mt-10 flex flex-col justify-center gap-3 sm:flex-row"
        links={[
          { href: '/contact', label: 'Contact Us' },
          { href: '/', label: 'Back to Home' },
        ]}
      >
        <button type="button" className="btn-primary disabled:cursor-wait disabled:opacity-70" onClick={openPortal} disabled={opening}>
          {opening ? 'Opening...' : 'Manage Account & Billing'}
        </button>
      </LinkButtons>
    </div>
  );
}
