import { teeTimeLabel } from '../rules/league-rules';
import type { WizardLeague } from './wizard-state';
import { markLeaguePaid } from './paid';
import { usePaymentView } from '../../../islands/shared/checkout-session';
import { LinkButtons } from '../../../islands/shared/LinkButtons';
import { Loading, PaymentError } from '../../../islands/shared/PaymentError';
import { SummaryFacts } from '../../../islands/shared/SummaryFacts';

/** /league-success?session_id=…: the registration-complete summary, or the payment-error view. */
export default function LeagueSuccess({ league, teamFormat }: { league: WizardLeague; teamFormat: string }) {
  const view = usePaymentView(({ metadata }) => {
    const ids = (metadata.sessions ?? '').split(',').map((id) => id.trim()).filter(Boolean);
    if (ids.length === 0) throw new Error('No league sessions on this payment');
    const sessions = ids.map((id) => league.sessions.find((session) => session.id === id)?.name ?? id);
    markLeaguePaid();
    // One tee time, or one per session (comma-separated, in session order) when they differ.
    const teeTimes = (metadata.teeTime ?? '').split(',').map((id) => id.trim()).filter(Boolean);
    const teeTime = teeTimes.length > 0 ? [...new Set(teeTimes.map((id) => teeTimeLabel(league, id)))].join(', ') : 'To be confirmed';
    return { sessions, teeTime };
  });

  if (view.state === 'loading') return <Loading label="Confirming your registration..." />;
  if (view.state === 'error') return <PaymentError retryHref="/league-registration" retryLabel="Back to League Registration" />;

  return (
    <div className="card">
      <p className="eyebrow">Payment received</p>
      <h1 className="mt-3 text-h2">Registration Complete!</h1>
      <p className="mt-3 text-muted">Your team is in. A receipt is on its way to your e-mail.</p>
      <SummaryFacts
        className="mt-8"
        facts={[
          { label: 'Sessions', value: view.sessions.join(', ') },
          { label: 'Tee Time', value: view.teeTime },
          { label: 'Team Format', value: teamFormat },
        ]}
      />
      <h2 className="mt-10 text-h3">What Happens Next</h2>
      <ol className="mt-4 list-decimal space-y-2 pl-6 text-muted">
        <li>You'll receive a confirmation e-mail with your payment receipt.</li>
        <li>Join us for the practice days at the start of your session to learn the format.</li>
        <li>Arrive 15 minutes before your tee time on your first league night.</li>
      </ol>
      <LinkButtons
        className="mt-10 flex flex-wrap gap-3"
        links={[
          { href: '/league', label: 'League Details', primary: true },
          { href: '/', label: 'Back to Home' },
        ]}
      />
    </div>
  );
}
