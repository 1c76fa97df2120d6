import { useState } from 'react';
import type { GuestBooking } from '../contract/bay-booking';
import type { BookingLink } from '../rules/links';
import { formatCents } from '../../../domain/money';
import type { BookingPageEvent } from './booking-view-state';
import { dateLabel, timeRange } from './format';
import { keepBooking } from './move-calls';
import { CONNECTION_ERROR } from './texts';

/** A move to a dearer time waiting for its payment: pay it, or keep the booking as it is (its held time is let go). */
export function PendingMove({ booking, link, dispatch }: { booking: GuestBooking; link: BookingLink; dispatch: (event: BookingPageEvent) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = booking.pendingMove;
  if (!pending) return null;
  const price = formatCents(pending.chargeCents);

  async function keep() {
    setBusy(true);
    const after = await keepBooking(link);
    setBusy(false);
    if (after) dispatch({ type: 'moveKept', booking: after });
    else setError(CONNECTION_ERROR);
  }

  return (
    <section className="mt-8 rounded-field border border-accent/60 p-4" aria-labelledby="pending-move-heading">
      <h2 id="pending-move-heading" className="text-h3">
        A move waits for your payment
      </h2>
      <p className="mt-2 text-muted">
        The move to {dateLabel(pending.date)}, {timeRange(pending.startsAt, pending.endsAt)} is made once you pay {price}. Until then your booking keeps its time.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {pending.checkoutUrl ? (
          <a className="btn-primary" href={pending.checkoutUrl}>
            Pay {price}
          </a>
        ) : null}
        <button type="button" className="btn-secondary" disabled={busy} onClick={() => void keep()}>
          Keep my booking as it is
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-3 font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}
