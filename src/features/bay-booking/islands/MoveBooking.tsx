import { useEffect, useReducer, useRef } from 'react';
import type { GuestBooking } from '../contract/bay-booking';
import type { BookingLink } from '../rules/links';
import { InputField, SelectField } from '../../../islands/shared/Field';
import { dateLabel, lengthOptions } from './format';
import { loadMoveOptions, requestMove } from './move-calls';
import { initialMove, moveButtonLabel, optionLabel, reduceMove } from './move-state';

/** What the manage page knows of the content: lengths a booking may have. */
export interface MoveSetup {
  slotMinutes: number;
  minMinutes: number;
  maxMinutes: number;
}

const limitText = (iso: string) => new Date(iso).toLocaleString('en-US', { timeZone: 'America/Chicago', weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * Moving the booking from its manage page: a day and a length, the starts free then (each saying what
 * it costs or gives back), and the move: at once, or through Checkout for a dearer time.
 */
export default function MoveBooking({ booking, link, setup, onMoved }: { booking: GuestBooking; link: BookingLink; setup: MoveSetup; onMoved: (booking: GuestBooking) => void }) {
  const [state, dispatch] = useReducer(reduceMove, booking, initialMove);
  const openerRef = useRef<HTMLButtonElement>(null);
  const { open, date, lengthMinutes, options, chosen, moving, error } = state;

  useEffect(() => {
    if (!open || !date) return undefined;
    let current = true;
    dispatch({ type: 'optionsLoading' });
    void loadMoveOptions(link, date, lengthMinutes).then((event) => current && dispatch(event));
    return () => {
      current = false;
    };
  }, [open, date, lengthMinutes, link]);

  useEffect(() => {
    // The form replaces the button that opened it: focus goes to its first field.
    if (open) document.getElementById('move-date')?.focus();
  }, [open]);

  const answer = options.state === 'shown' ? options.answer : null;
  const option = answer?.times.find((time) => time.start === chosen) ?? null;

  async function move() {
    if (!answer || !option) return;
    dispatch({ type: 'moving' });
    const outcome = await requestMove(link, { date: answer.date, start: option.start, lengthMinutes: answer.lengthMinutes, revision: answer.revision });
    if (outcome.type === 'pay') {
      window.location.assign(outcome.checkoutUrl);
      return;
    }
    if (outcome.type === 'moveFailed') {
      dispatch(outcome);
      return;
    }
    dispatch({ type: 'moved' });
    onMoved(outcome.booking);
  }

  const status =
    options.state === 'loading'
      ? 'Looking for free times...'
      : options.state === 'failed'
        ? options.message
        : answer?.closedReason
          ? `${answer.closedReason}.`
          : answer
            ? `${answer.times.length} start time${answer.times.length === 1 ? '' : 's'} free on ${dateLabel(answer.date)}`
            : '';

  return (
    <section className="mt-10" aria-labelledby="move-heading">
      <h2 id="move-heading" className="text-h3">
        Move
      </h2>
      <p className="mt-2 text-muted">
        Free until {limitText(booking.freeCancellationUntil)}: pick another day, start or length. A dearer time is paid online; for a cheaper one we refund the difference.
      </p>
      {!open ? (
        <button ref={openerRef} type="button" className="btn-secondary mt-4" aria-expanded={false} onClick={() => dispatch({ type: 'opened' })}>
          Move this booking
        </button>
      ) : (
        <form
          id="move-form"
          className="mt-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void move();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              id="move-date"
              label="New date"
              type="date"
              value={date}
              {...(answer ? { min: answer.firstDate, max: answer.lastDate } : {})}
              onChange={(event) => dispatch({ type: 'dateChanged', date: event.currentTarget.value })}
            />
            <SelectField
              id="move-length"
              label="How long"
              value={String(lengthMinutes)}
              options={lengthOptions(setup.minMinutes, setup.maxMinutes, setup.slotMinutes)}
              onChange={(event) => dispatch({ type: 'lengthChanged', lengthMinutes: Number(event.currentTarget.value) })}
            />
          </div>
          <p role="status" className="mt-4 font-semibold">
            {status}
          </p>
          {answer && answer.times.length > 0 ? (
            <fieldset className="mt-3">
              <legend className="text-small font-bold">New start time</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {answer.times.map((time) => (
                  <label
                    key={time.startsAt}
                    className={`flex min-h-[2.75rem] cursor-pointer items-center rounded-field border px-3 py-2 transition has-[:focus-visible]:shadow-focus ${chosen === time.start ? 'border-accent bg-raised' : 'border-line bg-ink hover:border-accent/60'}`}
                  >
                    <input type="radio" name="move-start" value={time.start} checked={chosen === time.start} onChange={() => dispatch({ type: 'chose', start: time.start })} className="sr-only" />
                    <span>{optionLabel(time)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          {error ? (
            <p role="alert" className="mt-3 font-semibold text-danger">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={!option || moving}>
              {moving ? 'Moving...' : moveButtonLabel(option)}
            </button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                dispatch({ type: 'closed' });
                requestAnimationFrame(() => openerRef.current?.focus());
              }}
            >
              Keep it as it is
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
