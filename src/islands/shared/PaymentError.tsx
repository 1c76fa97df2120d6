import { LinkButtons } from './LinkButtons';

/** What a visitor sees when the success page cannot read the payment. */
export const PAYMENT_ERROR = {
  title: 'Payment Error',
  text: "We couldn't retrieve your payment information. Please contact support if you completed a payment.",
} as const;

export function PaymentError({ retryHref, retryLabel }: { retryHref: string; retryLabel: string }) {
  return (
    <div className="card border-danger/50 text-center" role="alert">
      <h1 className="text-h2 text-danger">{PAYMENT_ERROR.title}</h1>
      <p className="mx-auto mt-4 max-w-prose text-muted">{PAYMENT_ERROR.text}</p>
      <LinkButtons
        className="mt-8 flex flex-wrap justify-center gap-3"
        links={[
          { href: retryHref, label: retryLabel, primary: true },
          { href: '/contact', label: 'Contact Us' },
        ]}
      />
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="card flex items-center justify-center gap-3 py-16 text-muted" role="status">
      <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-line border-t-accent motion-reduce:animate-none" />
      {label}
    </div>
  );
}
