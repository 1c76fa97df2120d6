import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { bayBookingsCsv, staffLengthOptions, startOptions } from './bay-bookings';
import { addBayEntry, allBayBookings, searchBayBookings } from '../contract/admin-bay-bookings';
import { ApiError, callApi } from '../../../lib/api-client';
import { showToast } from '../../../islands/toast';
import { InputField, SelectField } from '../../../islands/shared/Field';
import AdminShell from '../../staff/islands/AdminShell';
import { BookingRow, DayView, venueToday } from './BayDay';
import { downloadFile } from '../../staff/islands/download';
import { errorMessage, LoadError, Loading, useAdminRead } from '../../staff/islands/ui';

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
      <BookingList key={`list-${version}`} bays={bays} onChanged={changed} />
    </AdminShell>
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
  const starts = useMemo(startOptions, []);
  const lengths = useMemo(staffLengthOptions, []);
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
function BookingList({ bays, onChanged }: { bays: readonly BayChoice[]; onChanged: () => void }) {
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
              <BookingRow key={booking.id} booking={booking} bays={bays} onChanged={onChanged} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
