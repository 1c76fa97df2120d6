import { useEffect, useReducer, useRef } from 'react';
import type { GuestBooking } from '../contract/bay-booking';
import { bookingLinkOf } from '../rules/links';
import { formatCents } from '../../../domain/money';
import { phoneHref } from '../../../domain/phone';
import { DialogActions, ModalDialog } from '../../../islands/shared/ModalDialog';
import { Loading } from '../../../islands/shared/PaymentError';
import { SummaryFacts } from '../../../islands/shared/SummaryFacts';
import { dateLabel, lengthLabel, timeRange } from './format';
import { initialBookingPage, reduceBookingPage } from './booking-view-state';
import { afterMoveOf, cancelGuestBooking, followBooking, type BookingPageMode } from './booking-view-calls';
import MoveBooking, { type MoveSetup } from './MoveBooking';
import { PendingMove } from './PendingMove';
import { formatClock, minutesOfDay } from '../../../domain/clock';

export const BOOKING_NOT_FOUND = 'We could not find this booking. Please use the link in your confirmation e-mail, or call us.';

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
    ...booking.history
      .slice(-1)
      .map((move) => ({ label: 'Moved from', value: `${dateLabel(move.from.date)}, ${formatClock(minutesOfDay(move.from.start), 'full')}, ${lengthLabel(move.from.lengthMinutes)}, ${move.from.bayName}` })),
  ];
}

/**
 * A guest's booking through its signed link: `success` after Checkout (waits briefly for Stripe's
 * confirmation, then offers the calendar file and the manage link), `manage` from the e-mail (move or
 * cancel before the policy's limit; after it, why not and the phone number). `setup` (manage) gives
 * the lengths a move may choose.
 */
export default function BookingView({ mode, setup }: { mode: BookingPageMode; setup?: MoveSetup }) {
  const [{ view, link, cancelError, cancelling, announcement }, dispatch] = useReducer(reduceBookingPage, initialBookingPage);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);

  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const found = bookingLinkOf(window.location.search);
    const afterMove = mode === 'manage' ? afterMoveOf(window.location.search) : null;
    dispatch({ type: 'linkRead', link: found });
    if (afterMove) {
      // Once read, the return from Checkout is not acted on again by a reload.
      const url = new URL(window.location.href);
      url.searchParams.delete('move');
      window.history.replaceState(null, '', url);
    }
    return found ? followBooking(found, mode, dispatch, { afterMove }) : undefined;
  }, [mode]);

  async function cancel() {
    if (!link || view.state !== 'shown') return;
    dispatch({ type: 'cancelling' });
    const outcome = await cancelGuestBooking(link, view.booking.revision);
    if (outcome.type === 'cancelled') dialogRef.current?.close();
    dispatch(outcome);
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
  const paidFor = booking.amountCents > booking.refundedCents;
  const paidLeft = formatCents(booking.amountCents - booking.refundedCents);
  const heading =
    booking.status === 'cancelled' ? 'Booking cancelled' : booking.status === 'expired' ? 'Booking not completed' : mode === 'success' ? (booking.status === 'held' ? 'Almost there' : 'You’re booked!') : 'Your booking';
  return (
    <div className="card">
      <p className="eyebrow">{booking.name}</p>
      <h1 ref={headingRef} tabIndex={-1} className="mt-3 text-h2 focus:outline-none">
        {heading}
      </h1>
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

      {mode === 'manage' && booking.status === 'confirmed' && link && booking.pendingMove ? <PendingMove booking={booking} link={link} dispatch={dispatch} /> : null}
      {mode === 'manage' && booking.status === 'confirmed' && booking.movable && !booking.pendingMove && link && setup ? (
        <MoveBooking
          key={booking.revision}
          booking={booking}
          link={link}
          setup={setup}
          onMoved={(moved) => {
            dispatch({ type: 'moved', booking: moved });
            headingRef.current?.focus();
          }}
        />
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
                {paidFor ? `: we refund the ${paidLeft} you paid.` : '.'}
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
          dispatch({ type: 'dialogClosed' });
          openerRef.current?.focus();
        }}
      >
        <h2 id="cancel-dialog-title" className="text-h3">
          Cancel your booking?
        </h2>
        <p id="cancel-dialog-text" className="mt-3 text-muted">
          {dateLabel(booking.date)}, {timeRange(booking.startsAt, booking.endsAt)}, {booking.bayName}.{' '}
          {paidFor ? `We refund ${paidLeft} to your card.` : 'Your included time for that day is freed.'}
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
