import { useEffect, useId, useReducer, type FormEvent } from 'react';
import { InputField, SelectField } from '../../../islands/shared/Field';
import { dateLabel, lengthLabel, lengthOptions, partyOptions, priceLabel, timeRange, venueToday } from './format';
import { MemberPanel } from './MemberPanel';
import { holdRequest, initialBooking, nextFreeOffer, reduceBooking, timeKey, timesStatus, type ContactField } from './booking-state';
import { lookUpTimes, releaseReturningHold } from './booking-calls';

/** What the page tells the island from bay-booking.json. */
export interface BookingSetup {
  slotMinutes: number;
  minMinutes: number;
  maxMinutes: number;
  maxGuests: number;
  /** The date field's hint: how far ahead a bay can be booked (windowHint). */
  windowHint: string;
  /** Bay names by id ('bay-3' → 'Bay 3'). */
  bayNames: Record<string, string>;
}

/**
 * /book: date, party size and length; the free start times per bay type with their prices (a
 * signed-in member's included time already taken off); one picked; name, e-mail and phone; then
 * Stripe Checkout, or the confirmed booking when nothing is to pay. The workflow lives in
 * booking-state.ts; this island renders it and dispatches.
 */
export default function BayBooking({ setup }: { setup: BookingSetup }) {
  const base = useId().replace(/:/g, '');
  const [state, dispatch] = useReducer(reduceBooking, setup.minMinutes, initialBooking);
  const { visit, availability, loading, loadError, picked, bayId, contact, errors, submitting } = state;

  // The first date is today at the venue, or the first later day with a free start; the window's end comes with the first answer.
  // Back from Checkout without paying: its hold is given back first, so the time it held shows free again.
  useEffect(() => {
    void releaseReturningHold(window.location.search).then((released) => {
      if (released) window.history.replaceState(null, '', `${window.location.pathname}${window.location.hash}`);
      dispatch({ type: 'open', date: venueToday() });
    });
  }, []);
  const nextFree = nextFreeOffer(state);

  // One call per lookup the state counts, for the visit it was counted for; a stale answer is dropped there.
  useEffect(() => {
    if (state.lookup > 0) void lookUpTimes(visit, state.lookup).then(dispatch);
  }, [state.lookup]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = holdRequest(state);
    if (!body) return;
    const hold = await import('./booking-hold');
    const problems = hold.contactProblems(body);
    if (problems) {
      dispatch({ type: 'invalid', errors: problems });
      const first = hold.firstContactError(problems);
      if (first) document.getElementById(`${base}-${first}`)?.focus();
      return;
    }
    dispatch({ type: 'holding' });
    const outcome = await hold.placeHold(body);
    if (outcome.type === 'held') window.location.assign(outcome.url);
    else dispatch(outcome);
  }

  const contactField = (field: ContactField) => ({
    id: `${base}-${field}`,
    value: contact[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => dispatch({ type: 'contact', field, value: event.currentTarget.value }),
  });

  return (
    <div className="space-y-8">
      <MemberPanel onChange={() => dispatch({ type: 'lookAgain' })} />

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
                value={visit.date}
                {...(availability ? { min: availability.firstDate, max: availability.lastDate } : {})}
                onChange={(event) => dispatch({ type: 'visit', field: 'date', value: event.currentTarget.value })}
                hint={setup.windowHint}
              />
              <SelectField id={`${base}-party`} label="Guests" value={visit.partySize} options={partyOptions(setup.maxGuests)} onChange={(event) => dispatch({ type: 'visit', field: 'partySize', value: event.currentTarget.value })} />
              <SelectField
                id={`${base}-length`}
                label="How long"
                value={visit.length}
                options={lengthOptions(setup.minMinutes, setup.maxMinutes, setup.slotMinutes)}
                onChange={(event) => dispatch({ type: 'visit', field: 'length', value: event.currentTarget.value })}
              />
            </div>
          </fieldset>
        </div>

        <section className="card" aria-labelledby={`${base}-times`} aria-busy={loading}>
          <h2 id={`${base}-times`} className="text-h3">
            Free start times
          </h2>
          {/* A line kept for the status from the first paint on, so its text arriving moves nothing. */}
          <p role="status" className="mt-2 min-h-[1lh] text-muted">
            {timesStatus(state)}
          </p>
          {nextFree ? (
            <button type="button" className="btn-secondary mt-3" onClick={() => dispatch({ type: 'visit', field: 'date', value: nextFree.date })}>
              {nextFree.label}
            </button>
          ) : null}
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
                            <input type="radio" name={`${base}-start`} value={key} checked={checked} onChange={() => dispatch({ type: 'pick', pick: { bayType: type.id, time } })} className="sr-only" />
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
                onChange={(event) => dispatch({ type: 'bay', bayId: event.currentTarget.value })}
              />
            ) : null}
            <div className="mt-5 grid gap-5 sm:grid-cols-3">
              <InputField label="Name" autoComplete="name" {...contactField('name')} />
              <InputField label="E-mail" type="email" autoComplete="email" {...contactField('email')} />
              <InputField label="Phone" type="tel" autoComplete="tel" {...contactField('phone')} />
            </div>
            <InputField label="Gift card code" optional hint="Like ABCD-EFGH-JKLM-NPQR: it pays first, up to its balance." className="mt-5 sm:max-w-sm" autoComplete="off" spellCheck={false} {...contactField('giftCardCode')} />
            {errors.form ? (
              <p id={`${base}-form-error`} role="alert" className="mt-5 font-semibold text-danger">
                {errors.form}
              </p>
            ) : null}
            <button type="submit" className="btn-primary mt-6 w-full sm:w-auto" disabled={submitting}>
              {submitting ? 'One moment...' : picked.time.priceCents === 0 ? 'Confirm booking' : 'Continue to payment'}
            </button>
            <p className="mt-3 text-small text-muted">
              {picked.time.priceCents === 0 ? 'Covered by your membership: nothing to pay.' : 'A gift card pays first; you pay the rest on Stripe’s secure page, and the bay is held for you for 30 minutes.'}
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
