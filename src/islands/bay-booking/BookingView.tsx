import { useEffect, useRef, useState } from 'react';
import { cancelBooking, viewBooking, type GuestBooking } from '../../domain/api/bay-booking';
import { bookingLinkOf, type BookingLink } from '../../domain/bay-booking/links';
import { formatCents } from '../../domain/money';
import { phoneHref } from '../../domain/phone';
import { ApiError, callApi } from '../../lib/api-client';
import { DialogActions, ModalDialog } from '../shared/ModalDialog';
import { Loading } from '../shared/PaymentError';
import { SummaryFacts } from '../shared/SummaryFacts';
import { dateLabel, lengthLabel, timeRange } from './format';

export const BOOKING_NOT_FOUND = 'We could not find this booking. Please use the link in your confirmation e-mail, or call us.';
/** How long the success page waits for Stripe's confirmation of a payment before saying it is still on its way. */
const CONFIRMATION_WAITS_MS = [1000, 2000, 3000, 4000, 5000];

type View = { state: 'loading' } | { state: 'missing' } | { state: 'shown'; booking: GuestBooking };

const STATUS_TEXT: Record<GuestBooking['status'], string> = {
  held: 'Waiting for payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  expired: 'Not booked: the payment was not completed',
};

function facts(booking: GuestBooking) {
  return [
    { label: 'When', value: `${dateLabel(booking.date)}, ${timeRange(booking.startsAt, booking.endsAt)}` },
    { label: 'Bay', value: `${booking.bayName}, ${booking.partySize} ${booking.partySize === 1 ? 'guest' : 'guests'}` },
    { label: 'Length', value: lengthLabel(booking.lengthMinutes) },
    { label: 'Paid', value: booking.includedMinutes > 0 && booking.amountCents === 0 ? 'Included in your membership' : formatCents(booking.amountCents) },
    { label: 'Status', value: STATUS_TEXT[booking.status], ...(booking.status === 'confirmed' ? { tone: 'success' as const } : {}) },
    ...(booking.refundedCents > 0 ? [{ label: 'Refunded', value: formatCents(booking.refundedCents) }] : []),
  ];
}

/**
 * A guest's booking through its signed link: `success` after Checkout (waits briefly for Stripe's
 * confirmation, then offers the calendar file and the manage link), `manage` from the e-mail (cancel
 * before the policy's limit; after it, why not and the phone number).
 */
export default function BookingView({ mode }: { mode: 'success' | 'manage' }) {
  const [view, setView] = useState<View>({ state: 'loading' });
  const [link, setLink] = useState<BookingLink | null>(null);
  const [cancelError, setCancelError] = useState<string>();
  const [cancelling, setCancelling] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const found = bookingLinkOf(window.location.search);
    setLink(found);
    if (!found) {
      setView({ state: 'missing' });
      return;
    }
    let stopped = false;
    const load = async (attempt: number): Promise<void> => {
      try {
        const booking = await callApi(viewBooking, { params: found });
        if (stopped) return;
        setView({ state: 'shown', booking });
        const wait = CONFIRMATION_WAITS_MS[attempt];
        if (mode === 'success' && booking.status === 'held' && wait !== undefined) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          if (!stopped) await load(attempt + 1);
        }
      } catch {
        if (!stopped) setView({ state: 'missing' });
      }
    };
    void load(0);
    return () => {
      stopped = true;
    };
  }, [mode]);

  async function cancel() {
    if (!link) return;
    setCancelling(true);
    setCancelError(undefined);
    try {
      const booking = await callApi(cancelBooking, { params: link });
      dialogRef.current?.close();
      setView({ state: 'shown', booking });
      setAnnouncement(booking.refundedCents > 0 ? `Your booking is cancelled. ${formatCents(booking.refundedCents)} is on its way back to your card.` : 'Your booking is cancelled.');
    } catch (caught) {
      setCancelError(caught instanceof ApiError ? (caught.serverMessage ?? 'Please try again, or call us.') : 'Please check your connection and try again.');
    } finally {
      setCancelling(false);
    }
  }

  if (view.state === 'loading') return <Loading label="Loading your booking..." />;
  if (view.state === 'missing') {
    return (
      <div className="card text-center" role="alert">
        <h1 className="text-h2">Booking not found</h1>
        <p className="mx-auto mt-4 max-w-prose text-muted">{BOOKING_NOT_FOUND}</p>
        <a className="btn-primary mt-8" href="/book">
          Book a bay
        </a>
      </div>
    );
  }

  const { booking } = view;
  const paidFor = booking.amountCents > 0;
  const heading =
    booking.status === 'cancelled' ? 'Booking cancelled' : booking.status === 'expired' ? 'Booking not completed' : mode === 'success' ? (booking.status === 'held' ? 'Almost there' : 'You’re booked!') : 'Your booking';
  return (
    <div className="card">
      <p className="eyebrow">{booking.name}</p>
      <h1 className="mt-3 text-h2">{heading}</h1>
      {mode === 'success' && booking.status === 'confirmed' ? (
        <p className="mt-3 text-muted">A confirmation with the calendar file and your booking's link is on its way to {booking.email}.</p>
      ) : null}
      {booking.status === 'held' ? (
        <p role="status" className="mt-3 text-muted">
          We are waiting for Stripe to confirm your payment. This page updates by itself; the confirmation e-mail follows.
        </p>
      ) : null}
      <p role="status" className="mt-3 font-semibold text-success">
        {announcement}
      </p>
      <SummaryFacts className="mt-6" facts={facts(booking)} />

      {booking.status === 'confirmed' ? (
        <div className="mt-8 flex flex-wrap gap-3">
          <a className="btn-primary" href={booking.calendarUrl} download="bay-booking.ics">
            Add to calendar
          </a>
          {mode === 'success' ? (
            <a className="btn-secondary" href={booking.manageUrl}>
              Manage or cancel this booking
            </a>
          ) : null}
        </div>
      ) : null}

      {mode === 'manage' && booking.status === 'confirmed' ? (
        <section className="mt-10" aria-labelledby="cancel-heading">
          <h2 id="cancel-heading" className="text-h3">
            Cancel
          </h2>
          {booking.cancellable ? (
            <>
              <p className="mt-2 text-muted">
                Free until {new Date(booking.freeCancellationUntil).toLocaleString('en-US', { timeZone: 'America/Chicago', weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' })}
                {paidFor ? `: we refund the ${formatCents(booking.amountCents)} you paid.` : '.'}
              </p>
              <button ref={openerRef} type="button" className="btn-secondary mt-4" aria-haspopup="dialog" onClick={() => dialogRef.current?.showModal()}>
                Cancel this booking
              </button>
            </>
          ) : (
            <p className="mt-2 text-muted">
              {booking.cancelRefusal ?? 'This booking can no longer be cancelled online.'} Please call us at{' '}
              <a className="font-bold underline" href={phoneHref(booking.phone)}>
                {booking.phone}
              </a>
              .
            </p>
          )}
        </section>
      ) : null}

      <ModalDialog
        dialogRef={dialogRef}
        labelledBy="cancel-dialog-title"
        describedBy="cancel-dialog-text"
        className="max-w-lg p-6"
        onClose={() => {
          setCancelError(undefined);
          openerRef.current?.focus();
        }}
      >
        <h2 id="cancel-dialog-title" className="text-h3">
          Cancel your booking?
        </h2>
        <p id="cancel-dialog-text" className="mt-3 text-muted">
          {dateLabel(booking.date)}, {timeRange(booking.startsAt, booking.endsAt)}, {booking.bayName}.{' '}
          {paidFor ? `We refund ${formatCents(booking.amountCents)} to your card.` : 'Your included time for that day is freed.'}
        </p>
        {cancelError ? (
          <p role="alert" className="mt-3 font-semibold text-danger">
            {cancelError}
          </p>
        ) : null}
        <DialogActions onCancel={() => dialogRef.current?.close()}>
          <button type="button" className="btn-primary" onClick={cancel} disabled={cancelling}>
            {cancelling ? 'Cancelling...' : 'Yes, cancel it'}
          </button>
        </DialogActions>
      </ModalDialog>
    </div>
  );
}
