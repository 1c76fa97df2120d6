import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { bayBookingsCsv, dayGrid, KIND_LABELS, STATUS_BADGES, timeRange } from '../../domain/admin/bay-bookings';
import { formatDateTime } from '../../domain/admin/format';
import { addBayEntry, allBayBookings, bayDay, cancelBayEntry, searchBayBookings, type BayDay, type StaffBooking } from '../../domain/api/admin-bay-bookings';
import { localMoment } from '../../domain/bay-booking/local-time';
import { formatCents } from '../../domain/money';
import { ApiError, callApi } from '../../lib/api-client';
import { showToast } from '../../stores/toast';
import { InputField, SelectField } from '../shared/Field';
import AdminShell from './AdminShell';
import ConfirmDialog from './ConfirmDialog';
import { downloadFile } from './download';
import { Badge, errorMessage, LoadError, Loading, useAdminRead } from './ui';

/** Today in the venue's zone: 'YYYY-MM-DD'. */
export const venueToday = () => localMoment(Date.now()).date;

export interface BayChoice {
  id: string;
  name: string;
}

/** /admin/bookings: a day of bays × time, desk bookings and blocks, and the searchable list with CSV. */
export default function BayBookingsAdmin({ bays }: { bays: readonly BayChoice[] }) {
  const [date, setDate] = useState(venueToday);
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((value) => value + 1);
  return (
    <AdminShell current="/admin/bookings" title="Bay Bookings" intro="The day by bay, with desk bookings, blocks and every booking made on the site.">
      <InputField id="bay-day" label="Day" type="date" className="sm:w-64" value={date} onChange={(event) => event.currentTarget.value && setDate(event.currentTarget.value)} />
      <DayView key={`${date}-${version}`} date={date} onChanged={changed} />
      <EntryForm date={date} bays={bays} onAdded={changed} />
      <BookingList key={`list-${version}`} onChanged={changed} />
    </AdminShell>
  );
}

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
        <BookingRow key={booking.id} booking={booking} {...(onChanged ? { onChanged } : {})} />
      ))}
    </ul>
  );
}

/** One entry: when, which bay, who, what was paid, and (on the bookings page) its cancel actions. */
function BookingRow({ booking, onChanged }: { booking: StaffBooking; onChanged?: () => void }) {
  const [asking, setAsking] = useState<null | boolean>(null);
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
    <li className="card p-4" data-testid="bay-booking" data-booking-id={booking.id}>
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
        </div>
        <Badge tone={badge.tone} testId="booking-status">
          {badge.label}
        </Badge>
      </div>
      {onChanged && live ? (
        <div className="mt-3 flex flex-wrap gap-3">
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

/** A desk booking (walk-in, phone) or a block (maintenance) on one bay. */
function EntryForm({ date, bays, onAdded }: { date: string; bays: readonly BayChoice[]; onAdded: () => void }) {
  const [kind, setKind] = useState<'booking' | 'block'>('booking');
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const common = { bayId: text('entry-bay'), date, start: text('entry-start'), lengthMinutes: Number(text('entry-length')) };
    const body =
      kind === 'block'
        ? { kind, ...common, reason: text('entry-name') }
        : { kind, ...common, partySize: Number(text('entry-party')), name: text('entry-name'), ...(text('entry-phone') ? { phone: text('entry-phone') } : {}), ...(text('entry-email') ? { email: text('entry-email') } : {}) };
    setBusy(true);
    try {
      await callApi(addBayEntry, { body });
      setError(null);
      showToast({ title: kind === 'block' ? 'Bay blocked' : 'Booking added' });
      onAdded();
    } catch (failure) {
      const fields = failure instanceof ApiError ? (failure.json()?.fields ?? {}) : {};
      setError({ message: errorMessage(failure), fields });
    } finally {
      setBusy(false);
    }
  }

  const bayOptions = useMemo(() => bays.map((bay) => ({ value: bay.id, label: bay.name })), [bays]);
  const starts = useMemo(() => Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`).map((value) => ({ value, label: value })), []);
  const lengths = [30, 60, 90, 120, 180, 240, 360, 480, 720].map((minutes) => ({ value: String(minutes), label: minutes < 60 ? `${minutes} minutes` : `${minutes / 60} hour${minutes === 60 ? '' : 's'}` }));
  return (
    <section aria-labelledby="entry-heading" className="card mt-10">
      <h2 id="entry-heading" className="text-h3">
        Add a desk booking or a block on {date}
      </h2>
      <form className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" onSubmit={(event) => void submit(event)} noValidate>
        <SelectField id="entry-kind" label="Kind" value={kind} onChange={(event) => setKind(event.currentTarget.value === 'block' ? 'block' : 'booking')} options={[{ value: 'booking', label: 'Desk booking (walk-in, phone)' }, { value: 'block', label: 'Block (maintenance)' }]} />
        <SelectField id="entry-bay" label="Bay" options={bayOptions} error={error?.fields['bayId']} />
        <SelectField id="entry-start" label="Start" defaultValue="18:00" options={starts} error={error?.fields['start']} />
        <SelectField id="entry-length" label="Length" defaultValue="60" options={lengths} error={error?.fields['lengthMinutes']} />
        <InputField id="entry-name" label={kind === 'block' ? 'Reason' : 'Guest name'} error={error?.fields[kind === 'block' ? 'reason' : 'name']} />
        {kind === 'booking' ? (
          <>
            <InputField id="entry-party" label="Guests" type="number" min={1} max={20} defaultValue={2} error={error?.fields['partySize']} />
            <InputField id="entry-phone" label="Phone" type="tel" optional error={error?.fields['phone']} />
            <InputField id="entry-email" label="Email" type="email" optional error={error?.fields['email']} />
          </>
        ) : null}
        <div className="flex items-end sm:col-span-2 lg:col-span-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Saving...' : kind === 'block' ? 'Block the bay' : 'Add booking'}
          </button>
        </div>
        {error ? (
          <p role="alert" className="text-danger sm:col-span-2 lg:col-span-3" data-testid="entry-error">
            {error.message}
          </p>
        ) : null}
      </form>
    </section>
  );
}

/** Every booking, or those matching the search, with a CSV of what is listed. */
function BookingList({ onChanged }: { onChanged: () => void }) {
  const [query, setQuery] = useState('');
  const [applied, setApplied] = useState('');
  const read = useCallback(() => (applied ? callApi(searchBayBookings, { params: { text: applied } }) : callApi(allBayBookings)), [applied]);
  const [loaded, reload] = useAdminRead(read);
  const shown = loaded.status === 'ready' ? loaded.data : [];
  return (
    <section aria-labelledby="list-heading" className="mt-10">
      <h2 id="list-heading" className="text-h3">
        All bookings
      </h2>
      <form
        role="search"
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied(query.trim());
        }}
      >
        <InputField id="booking-search" label="Search by name, e-mail, phone, bay, date or id" className="sm:w-96" type="search" value={query} onChange={(event) => setQuery(event.currentTarget.value)} />
        <button type="submit" className="btn-secondary">
          Search
        </button>
        <button type="button" className="btn-secondary" disabled={shown.length === 0} onClick={() => downloadFile(`bay-bookings-${venueToday()}.csv`, bayBookingsCsv(shown))}>
          Export CSV
        </button>
      </form>
      {loaded.status === 'loading' ? <Loading label="Loading bookings..." /> : null}
      {loaded.status === 'error' ? <LoadError message={loaded.message} onRetry={reload} /> : null}
      {loaded.status === 'ready' ? (
        <>
          <p className="mt-4 font-semibold" aria-live="polite" data-testid="booking-count">
            {shown.length} booking{shown.length === 1 ? '' : 's'}
            {applied ? ` matching “${applied}”` : ''}
          </p>
          <ul className="mt-4 grid gap-3" aria-label="Bookings">
            {shown.map((booking) => (
              <BookingRow key={booking.id} booking={booking} onChanged={onChanged} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
