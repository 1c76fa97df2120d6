import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { sendEventRequest } from '../contract/event-request';
import { callApi } from '../../../lib/api-client';
import { showToast } from '../../../islands/toast';
import { EVENT_REQUEST_DEFAULTS, EVENT_TIME_OPTIONS } from '../contract/request-fields';
import type { FieldErrors } from '../../../shared/contract/field-errors';
import { InputField, SelectField, TextareaField } from '../../../islands/shared/Field';
import { focusableIn } from '../../../islands/shared/focus-trap';
import { DialogActions, ModalDialog } from '../../../islands/shared/ModalDialog';
import { BOOKING_TRIGGER_ATTRIBUTE, takePendingBookingTrigger } from './trigger';

type Values = { -readonly [Key in keyof typeof EVENT_REQUEST_DEFAULTS]: string };

const initialValues = (): Values => ({ ...EVENT_REQUEST_DEFAULTS, partySize: String(EVENT_REQUEST_DEFAULTS.partySize) });
const timeOptions = EVENT_TIME_OPTIONS.map((time) => ({ value: time, label: time }));

export const BOOKING_SUCCESS = { title: 'Booking Request Submitted!', description: "We'll contact you soon to confirm your event details." } as const;
export const BOOKING_FAILURE = { title: 'Submission Failed', fallback: 'Please try again or call us directly.' } as const;

/**
 * The event booking request dialog of /events: the request form, checked field by field before it is
 * sent, with a toast for the answer. Opened by any element with the data-booking-trigger attribute;
 * a modal <dialog> with focus kept inside, Escape to close, and focus returned to the button that
 * opened it.
 */
export default function EventRequestDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const id = useId().replace(/:/g, '');
  const field = (name: keyof Values) => `${id}-${name}`;

  const open = useCallback((opener: HTMLElement | null) => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    openerRef.current = opener;
    dialog.showModal();
    // Focus the first field, not the close button, so typing can start at once.
    (dialog.querySelector<HTMLElement>('input, select, textarea') ?? focusableIn(dialog)[0])?.focus();
  }, []);

  const close = useCallback(() => dialogRef.current?.close(), []);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const trigger = event.target instanceof Element ? event.target.closest<HTMLElement>(`[${BOOKING_TRIGGER_ATTRIBUTE}]`) : null;
      if (!trigger) return;
      event.preventDefault();
      open(trigger);
    };
    document.addEventListener('click', onClick);
    const pending = takePendingBookingTrigger();
    if (pending) open(pending);
    document.documentElement.dataset['bookingReady'] = 'true';
    return () => document.removeEventListener('click', onClick);
  }, [open]);

  const onClose = () => {
    openerRef.current?.focus();
    openerRef.current = null;
  };

  const update = (name: keyof Values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    // The schema (and zod) load on first submit, keeping them out of the page's first load.
    const [{ eventRequestFormSchema }, { fieldErrors }] = await Promise.all([import('../contract/request-form'), import('../../../shared/contract/field-errors')]);
    const parsed = eventRequestFormSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      const firstInvalid = Object.keys(values).find((name) => found[name]);
      if (firstInvalid) document.getElementById(field(firstInvalid as keyof Values))?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await callApi(sendEventRequest, { body: parsed.data });
      showToast(BOOKING_SUCCESS);
      setValues(initialValues());
      close();
    } catch (error) {
      showToast({ title: BOOKING_FAILURE.title, description: (error instanceof Error && error.message) || BOOKING_FAILURE.fallback, variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  }

  const common = (name: keyof Values) => ({ id: field(name), value: values[name], onChange: update(name), error: errors[name] });

  return (
    <ModalDialog
      dialogRef={dialogRef}
      labelledBy={`${id}-title`}
      describedBy={`${id}-description`}
      onClose={onClose}
      className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto p-0"
    >
      <form noValidate onSubmit={submit} className="p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={`${id}-title`} className="text-h3">
              Book Your Event
            </h2>
            <p id={`${id}-description`} className="mt-2 text-small text-muted">
              Tell us about your event. We typically reply within 24 hours.
            </p>
          </div>
          <button type="button" onClick={close} className="-m-2 rounded-full p-2 text-muted hover:text-text" aria-label="Close">
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20"><path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          </button>
        </div>
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          <InputField label="First Name" autoComplete="given-name" {...common('firstName')} />
          <InputField label="Last Name" autoComplete="family-name" {...common('lastName')} />
          <InputField label="Phone" type="tel" autoComplete="tel" {...common('phone')} />
          <InputField label="Email" type="email" autoComplete="email" {...common('email')} />
          <InputField label="Occasion" placeholder="Birthday, corporate outing…" {...common('occasion')} />
          <InputField label="Party Size" type="number" min={1} inputMode="numeric" {...common('partySize')} />
          <InputField label="Event Date" type="date" className="sm:col-span-2" {...common('eventDate')} />
          <SelectField label="Start Time" placeholder="Select a start time" options={timeOptions} {...common('startTime')} />
          <SelectField label="End Time" placeholder="Select an end time" options={timeOptions} {...common('endTime')} />
          <TextareaField label="Additional Requests" optional className="sm:col-span-2" {...common('additionalRequests')} />
        </div>
        <DialogActions onCancel={close}>
          <button type="submit" className="btn-primary disabled:cursor-wait disabled:opacity-70" disabled={submitting}>
            {submitting ? 'Submitting...' : 'Submit Booking Request'}
          </button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
