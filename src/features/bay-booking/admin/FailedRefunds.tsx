import { useState } from 'react';
import { formatClock, minutesOfDay } from '../../../domain/clock';
import { plural } from '../../../domain/dates';
import { formatCents } from '../../../domain/money';
import { callApi } from '../../../lib/api-client';
import { showToast } from '../../../islands/toast';
import { errorMessage, LoadError, Loading, RetryItem, useAdminData } from '../../staff/islands/ui';
import { listFailedRefunds, retryRefund, type FailedRefund } from '../contract/admin-bay-bookings';

/**
 * The dashboard's "Refunds not paid": bay refunds Stripe refused (or was down for) at every attempt,
 * each with a Retry that tries it again now. Shown only when there are some.
 */
export default function FailedRefunds() {
  const [failed, reload] = useAdminData(listFailedRefunds);
  const [busy, setBusy] = useState<string | null>(null);

  async function retry(refund: FailedRefund) {
    setBusy(refund.bookingId);
    try {
      await callApi(retryRefund, { params: { refundId: refund.bookingId } });
      showToast({ title: 'Refund tried again', description: `${formatCents(refund.amountCents)} to ${refund.name}.` });
      await reload();
    } catch (error) {
      showToast({ title: 'Retry failed', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  if (failed.status === 'ready' && failed.data.length === 0) return null;
  return (
    <section aria-labelledby="failed-refunds" className="mt-12">
      <h2 id="failed-refunds" className="text-h3">
        Refunds Not Paid
      </h2>
      <div className="mt-4" data-testid="failed-refunds">
        {failed.status === 'loading' ? <Loading label="Loading refunds..." /> : null}
        {failed.status === 'error' ? <LoadError message={failed.message} onRetry={reload} /> : null}
        {failed.status === 'ready' ? (
          <ul className="grid gap-3">
            {failed.data.map((refund) => (
              <RetryItem
                key={refund.bookingId}
                title={`${formatCents(refund.amountCents)} to ${refund.name}`}
                details={`${refund.bayName} · ${refund.date} · ${formatClock(minutesOfDay(refund.start), 'full')} · ${refund.email} · ${plural(refund.attempts, 'attempt')}`}
                error={refund.lastError}
                retrying={busy === refund.bookingId}
                disabled={busy !== null}
                onRetry={() => void retry(refund)}
              />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
