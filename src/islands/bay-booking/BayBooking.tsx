import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { bayAvailability, type BayAvailability, type BayStartTime } from '../../domain/api/bay-availability';
import { holdBay } from '../../domain/api/bay-hold';
import { ApiError, callApi } from '../../lib/api-client';
import { InputField, SelectField } from '../shared/Field';
import { dateLabel, lengthLabel, lengthOptions, partyOptions, priceLabel, timeRange, venueToday } from './format';
import { MemberPanel } from './MemberPanel';

/** What the page tells the island from bay-booking.json. */
export interface BookingSetup {
  slotMinutes: number;
  minMinutes: number;
  maxMinutes: number;
  maxGuests: number;
  /** Bay names by id ('bay-3' → 'Bay 3'). */
  bayNames: Record<string, string>;
}

interface Pick {
  bayType: string;
  time: BayStartTime;
}

type Contact = { name: string; email: string; phone: string };
type Errors = Partial<Record<keyof Contact | 'form', string>>;

export const TAKEN_MESSAGE = 'That time was just taken. Please choose another.';
const LOAD_ERROR = 'We could not load free times. Please try again, or call us to book.';

/** A stable key for a start time: its instant (a time that happens twice on the autumn DST day differs). */
const timeKey = (bayType: string, time: BayStartTime) => `${bayType}|${time.startsAt}`;

/**
 * /book: date, party size and length; the free start times per bay type with their prices (a
 * signed-in member's included time already taken off); one picked; name, e-mail and phone; then
 * Stripe Checkout, or the confirmed booking when nothing is to pay. The server decides every price
 * and whether the time is still free.
 */
export default function BayBooking({ setup }: { setup: BookingSetup }) {
  const base = useId().replace(/:/g, '');
  const [date, setDate] = useState('');
  const [partySize, setPartySize] = useState('2');
  const [length, setLength] = useState(String(setup.minMinutes));
  const [availability, setAvailability] = useState<BayAvailability | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string>();
  const [picked, setPicked] = useState<Pick | null>(null);
  const [bayId, setBayId] = useState('');
  const [contact, setContact] = useState<Contact>({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [reload, setReload] = useState(0);
  const request = useRef(0);

  // The first date is today at the venue; the window's end comes with the first answer.
  useEffect(() => setDate(venueToday()), []);

  useEffect(() => {
    if (!date) return;
    const current = ++request.current;
    setLoading(true);
    setLoadError(undefined);
    callApi(bayAvailability, { params: { date, lengthMinutes: length, partySize } })
      .then((answer) => {
        if (current !== request.current) return;
        setAvailability(answer);
        setPicked((previous) => {
          const still = previous && answer.bayTypes.find((type) => type.id === previous.bayType)?.times.find((time) => time.startsAt === previous.time.startsAt);
          return still && previous ? { bayType: previous.bayType, time: still } : null;
        });
      })
      .catch((caught: unknown) => {
        if (current !== request.current) return;
        setAvailability(null);
        setPicked(null);
        setLoadError(caught instanceof ApiError && caught.status === 400 ? (caught.serverMessage ?? LOAD_ERROR) : LOAD_ERROR);
      })
      .finally(() => {
        if (current === request.current) setLoading(false);
      });
  }, [date, length, partySize, reload]);

  const refresh = useCallback(() => setReload((count) => count + 1), []);

  function choose(next: Pick) {
    setPicked(next);
    setBayId(next.time.bays[0] ?? '');
    setErrors({});
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!picked || !availability) return;
    const body = {
      date: availability.date,
      start: picked.time.start,
      lengthMinutes: availability.lengthMinutes,
      partySize: availability.partySize,
      bayType: picked.bayType,
      ...(availability.chooseBay && bayId ? { bayId } : {}),
      ...contact,
    };
    // The shared schema (and zod) load on first submit, keeping them out of the page's first load.
    const { bayHoldSchema } = await import('../../domain/forms/bay-booking');
    const checked = bayHoldSchema.safeParse(body);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as keyof Contact;
        if (field in contact && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      const first = (['name', 'email', 'phone'] as const).find((field) => found[field]);
      if (first) document.getElementById(`${base}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const { url } = await callApi(holdBay, { body });
      window.location.assign(url);
    } catch (caught) {
      setSubmitting(false);
      if (caught instanceof ApiError && caught.status === 409) {
        setErrors({ form: caught.serverMessage ?? TAKEN_MESSAGE });
        setPicked(null);
        refresh();
        return;
      }
      const fields = caught instanceof ApiError ? caught.json()?.fields : undefined;
      setErrors({
        ...(fields ? Object.fromEntries(Object.entries(fields).filter(([key]) => key in contact)) : {}),
        form: caught instanceof ApiError ? (caught.serverMessage ?? LOAD_ERROR) : 'Please check your connection and try again.',
      });
    }
  }

  const startCount = availability?.bayTypes.reduce((sum, type) => sum + type.times.length, 0) ?? 0;
  const status = loading ? 'Looking for free times...' : loadError ? '' : availability ? (availability.closedReason ?? `${startCount} start ${startCount === 1 ? 'time' : 'times'} free on ${dateLabel(availability.date)}.`) : '';
  const contactField = (field: keyof Contact) => ({
    id: `${base}-${field}`,
    value: contact[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setContact((previous) => ({ ...previous, [field]: value }));
    },
  });

  return (
    <div className="space-y-8">
      <MemberPanel onChange={refresh} />

      <form noValidate onSubmit={submit} className="space-y-8" aria-describedby={errors.form ? `${base}-form-error` : undefined}>
        <div className="card">
          <fieldset>
            <legend className="text-h3 font-extrabold">Your visit</legend>
            <div className="mt-5 grid gap-5 sm:grid-cols-3">
              <InputField
                id={`${base}-date`}
                label="Date"
                type="date"
                required
                value={date}
                {...(availability ? { min: availability.firstDate, max: availability.lastDate } : {})}
                onChange={(event) => event.currentTarget.value && setDate(event.currentTarget.value)}
                {...(availability ? { hint: `Book up to ${dateLabel(availability.lastDate)}.` } : {})}
              />
              <SelectField id={`${base}-party`} label="Guests" value={partySize} options={partyOptions(setup.maxGuests)} onChange={(event) => setPartySize(event.currentTarget.value)} />
              <SelectField
                id={`${base}-length`}
                label="How long"
                value={length}
                options={lengthOptions(setup.minMinutes, setup.maxMinutes, setup.slotMinutes)}
                onChange={(event) => setLength(event.currentTarget.value)}
              />
            </div>
          </fieldset>
        </div>

        <section className="card" aria-labelledby={`${base}-times`} aria-busy={loading}>
          <h2 id={`${base}-times`} className="text-h3">
            Free start times
          </h2>
          <p role="status" className="mt-2 text-muted">
            {status}
          </p>
          {loadError ? (
            <p role="alert" className="mt-2 font-semibold text-danger">
              {loadError}
            </p>
          ) : null}
          {availability?.member ? (
            <p className="mt-2 text-small text-success">
              {availability.member.plan}: {lengthLabel(availability.member.includedMinutesLeft)} of included time left on this day.
            </p>
          ) : null}
          {availability && !availability.closedReason
            ? availability.bayTypes.map((type) => (
                <fieldset key={type.id} className="mt-6">
                  <legend className="font-bold text-text">
                    {type.name} <span className="font-normal text-muted">({type.minGuests}–{type.maxGuests} guests)</span>
                  </legend>
                  {!type.fits ? (
                    <p className="mt-2 text-small text-muted">Not for {availability.partySize} guests.</p>
                  ) : type.times.length === 0 ? (
                    <p className="mt-2 text-small text-muted">No free start times for this length. Try another date or a shorter time.</p>
                  ) : (
                    <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
                      {type.times.map((time) => {
                        const key = timeKey(type.id, time);
                        const checked = picked !== null && timeKey(picked.bayType, picked.time) === key;
                        return (
                          <label
                            key={key}
                            className={`flex min-h-[2.75rem] cursor-pointer flex-col rounded-field border px-3 py-2 transition has-[:focus-visible]:shadow-focus ${checked ? 'border-accent bg-raised' : 'border-line bg-ink hover:border-accent/60'}`}
                          >
                            <input type="radio" name={`${base}-start`} value={key} checked={checked} onChange={() => choose({ bayType: type.id, time })} className="sr-only" />
                            <span className="font-bold text-text">{timeRange(time.startsAt, time.endsAt)}</span>
                            <span className="text-small text-muted">
                              {priceLabel(time)}
                              {time.peak ? ' · peak' : ''}
                            </span>
                          </label>
                        );
                      })}
                    </div>
                  )}
                </fieldset>
              ))
            : null}
        </section>

        {picked && availability ? (
          <section className="card" aria-labelledby={`${base}-details`}>
            <h2 id={`${base}-details`} className="text-h3">
              Your details
            </h2>
            <dl className="mt-4 grid gap-2 text-small sm:grid-cols-2">
              <div>
                <dt className="inline text-muted">When: </dt>
                <dd className="inline font-bold">
                  {dateLabel(availability.date)}, {timeRange(picked.time.startsAt, picked.time.endsAt)}
                </dd>
              </div>
              <div>
                <dt className="inline text-muted">Party: </dt>
                <dd className="inline font-bold">
                  {availability.partySize} {availability.partySize === 1 ? 'guest' : 'guests'}, {lengthLabel(availability.lengthMinutes)}
                </dd>
              </div>
              <div>
                <dt className="inline text-muted">Price: </dt>
                <dd className="inline font-bold">{priceLabel(picked.time)}</dd>
              </div>
            </dl>
            {availability.chooseBay && picked.time.bays.length > 1 ? (
              <SelectField
                id={`${base}-bay`}
                label="Bay"
                className="mt-5"
                value={bayId}
                options={picked.time.bays.map((id) => ({ value: id, label: setup.bayNames[id] ?? id }))}
                onChange={(event) => setBayId(event.currentTarget.value)}
              />
            ) : null}
            <div className="mt-5 grid gap-5 sm:grid-cols-3">
              <InputField label="Name" autoComplete="name" {...contactField('name')} />
              <InputField label="E-mail" type="email" autoComplete="email" {...contactField('email')} />
              <InputField label="Phone" type="tel" autoComplete="tel" {...contactField('phone')} />
            </div>
            {errors.form ? (
              <p id={`${base}-form-error`} role="alert" className="mt-5 font-semibold text-danger">
                {errors.form}
              </p>
            ) : null}
            <button type="submit" className="btn-primary mt-6 w-full sm:w-auto" disabled={submitting}>
              {submitting ? 'One moment...' : picked.time.priceCents === 0 ? 'Confirm booking' : 'Continue to payment'}
            </button>
            <p className="mt-3 text-small text-muted">
              {picked.time.priceCents === 0 ? 'Covered by your membership: nothing to pay.' : 'You pay on Stripe’s secure page; the bay is held for you for 30 minutes.'}
            </p>
          </section>
        ) : errors.form ? (
          <p id={`${base}-form-error`} role="alert" className="card font-semibold text-danger">
            {errors.form}
          </p>
        ) : null}
      </form>
    </div>
  );
}
