/**
 * A day of bay bookings as staff see it: the grid of bays × half hours with the day's entries, or
 * (on the dashboard) the entries alone. Its own module so the dashboard loads the day without the
 * bookings page's forms, search and CSV.
 */
import { useCallback, useState } from 'react';
import { dayGrid, KIND_LABELS, STATUS_BADGES, timeRange } from './bay-bookings';
import { formatDateTime } from '../../../domain/dates';
import { bayDay, cancelBayEntry, type BayDay, type StaffBooking } from '../contract/admin-bay-bookings';
import { localMoment } from '../rules/local-time';
import { formatCents } from '../../../domain/money';
import { formatClock, minutesOfDay } from '../../../domain/clock';
import { callApi } from '../../../lib/api-client';
import { showToast } from '../../../islands/toast';
import ConfirmDialog from '../../staff/islands/ConfirmDialog';
import { MoveDialog } from './MoveDialog';
import { Badge, errorMessage, LoadError, Loading, useAdminRead } from '../../staff/islands/ui';

/** Today in the venue's zone: 'YYYY-MM-DD'. */
export const venueToday = () => localMoment(Date.now()).date;

/** The day's bays × half hours (a table: bays as columns, times as rows), with its entries. */
export function DayView({ date, onChanged, compact = false }: { date: string; onChanged?: () => void; compact?: boolean }) {
  const read = useCallback(() => callApi(bayDay, { params: { date } }), [date]);
  const [loaded, reload] = useAdminRead(read);
  if (loaded.status === 'loading') return <Loading label="Loading the day..." />;
  if (loaded.status === 'error') return <LoadError message={loaded.message} onRetry={reload} />;
  const day = loaded.data;
  if (compact) return <DayList day={day} />;
  const grid = dayGrid(day);
  return (
    <section aria-labelledby="day-heading" className="mt-8">
      <h2 id="day-heading" className="text-h3">
        {day.opens ? `Bays on ${date}` : `Closed on ${date}`}
      </h2>
      {grid.times.length > 0 ? (
        <div className="mt-4 overflow-x-auto rounded-field border border-line" tabIndex={0} aria-label="Day grid (scrolls sideways)">
          <table className="w-full min-w-[48rem] table-fixed border-collapse text-small" data-testid="day-grid">
            <caption className="sr-only">Bookings on {date}: bays across, half hours down</caption>
            <thead>
              <tr>
                <th scope="col" className="w-20 border-b border-line p-2 text-left">
                  Time
                </th>
                {day.bays.map((bay) => (
                  <th key={bay.id} scope="col" className="border-b border-l border-line p-2 text-left">
                    {bay.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.times.map((time, row) => (
                <tr key={time}>
                  <th scope="row" className="border-b border-line/50 p-2 text-left font-semibold text-muted">
                    {time}
                  </th>
                  {grid.cells[row]!.map((cell, column) => {
                    if (cell.kind === 'covered') return null;
                    if (cell.kind === 'free') return <td key={column} className="border-b border-l border-line/50 p-2" />;
                    if (cell.kind === 'league') {
                      return (
                        <td key={column} rowSpan={cell.rows} className="border-b border-l border-line/50 bg-raised p-2 align-top text-muted">
                          {cell.label}
                        </td>
                      );
                    }
                    const tone = cell.booking.kind === 'block' ? 'bg-danger/10' : 'bg-accent/15';
                    return (
                      <td key={column} rowSpan={cell.rows} className={`border-b border-l border-line/50 p-2 align-top ${tone}`} data-testid="grid-entry">
                        <span className="block font-bold">{cell.booking.name}</span>
                        <span className="block text-muted">
                          {KIND_LABELS[cell.booking.kind]} · {timeRange(cell.booking)}
                          {cell.booking.status === 'held' ? ' · awaiting payment' : ''}
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {onChanged ? <DayList day={day} onChanged={onChanged} /> : null}
    </section>
  );
}

/** The day's entries as a list (the dashboard shows this alone). */
function DayList({ day, onChanged }: { day: BayDay; onChanged?: () => void }) {
  if (day.bookings.length === 0) return <p className="mt-4 text-muted" data-testid="day-empty">No bookings on {day.date}.</p>;
  return (
    <ul className="mt-4 grid gap-3" aria-label={`Bookings on ${day.date}`}>
      {day.bookings.map((booking) => (
        <BookingRow key={booking.id} booking={booking} bays={day.bays} {...(onChanged ? { onChanged } : {})} />
      ))}
    </ul>
  );
}

/** One entry: when, which bay, who, what was paid, its moves, and (on the bookings page) its move and cancel actions. */
export function BookingRow({ booking, bays, onChanged }: { booking: StaffBooking; bays?: ReadonlyArray<{ id: string; name: string }>; onChanged?: () => void }) {
  const [asking, setAsking] = useState<null | boolean>(null);
  const [moving, setMoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const badge = STATUS_BADGES[booking.status];
  const live = booking.status === 'confirmed' || booking.status === 'held';

  async function cancel(refund: boolean) {
    setAsking(null);
    setBusy(true);
    try {
      await callApi(cancelBayEntry, { params: { id: booking.id }, body: { refund } });
      showToast({ title: booking.kind === 'block' ? 'Block removed' : 'Booking cancelled', description: refund && booking.amountCents > 0 ? `${formatCents(booking.amountCents - booking.refundedCents)} refunded.` : undefined });
      onChanged?.();
    } catch (error) {
      showToast({ title: 'Could not cancel', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="card wrap-anywhere p-4" data-testid="bay-booking" data-booking-id={booking.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-bold">
            {booking.bayName} · {booking.date} · {timeRange(booking)}
          </p>
          <p className="text-small text-muted">
            {KIND_LABELS[booking.kind]} · {booking.name}
            {booking.partySize > 0 ? ` · ${booking.partySize} guest${booking.partySize === 1 ? '' : 's'}` : ''}
            {booking.email ? ` · ${booking.email}` : ''}
            {booking.phone ? ` · ${booking.phone}` : ''}
          </p>
          <p className="text-small text-muted">
            {formatCents(booking.amountCents)}
            {booking.includedMinutes > 0 ? ` · ${booking.includedMinutes} min membership time` : ''}
            {booking.refundedCents > 0 ? ` · ${formatCents(booking.refundedCents)} refunded` : ''} · booked {formatDateTime(booking.createdAt)}
          </p>
          {booking.history.map((move) => (
            <p key={move.at} className="text-small text-muted">
              Moved {formatDateTime(move.at)} from {move.from.bayName}, {move.from.date}, {formatClock(minutesOfDay(move.from.start), 'full')} ({move.from.lengthMinutes} min)
            </p>
          ))}
          {booking.moveWaiting ? <p className="text-small font-semibold text-muted">A move waits for the guest's payment</p> : null}
        </div>
        <Badge tone={badge.tone} testId="booking-status">
          {badge.label}
        </Badge>
      </div>
      {onChanged && live ? (
        <div className="mt-3 flex flex-wrap gap-3">
          {bays && booking.revision && !booking.moveWaiting ? (
            <button type="button" className="btn-secondary px-4 py-2" disabled={busy} onClick={() => setMoving(true)}>
              Move
            </button>
          ) : null}
          {booking.amountCents > booking.refundedCents ? (
            <button type="button" className="btn-secondary px-4 py-2" disabled={busy} onClick={() => setAsking(true)}>
              Cancel and refund
            </button>
          ) : null}
          <button type="button" className="btn border border-danger/60 px-4 py-2 text-danger hover:bg-danger/10 disabled:opacity-50" disabled={busy} onClick={() => setAsking(false)}>
            {booking.kind === 'block' ? 'Remove block' : booking.amountCents > 0 ? 'Cancel without refund' : 'Cancel'}
          </button>
        </div>
      ) : null}
      {bays && onChanged && moving ? <MoveDialog booking={booking} bays={bays} onClose={() => setMoving(false)} onMoved={onChanged} /> : null}
      <ConfirmDialog
        open={asking !== null}
        title={booking.kind === 'block' ? 'Remove this block?' : 'Cancel this booking?'}
        message={`${booking.bayName}, ${booking.date}, ${timeRange(booking)}: ${booking.name}.${asking ? ` ${formatCents(booking.amountCents - booking.refundedCents)} goes back to the guest's card.` : ' Nothing is refunded.'}`}
        confirmLabel={asking ? 'Cancel and refund' : 'Confirm'}
        onConfirm={() => void cancel(asking === true)}
        onCancel={() => setAsking(null)}
      />
    </li>
  );
}
