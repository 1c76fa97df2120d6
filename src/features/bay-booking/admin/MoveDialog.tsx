import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { moveBayEntry, type StaffBooking } from '../contract/admin-bay-bookings';
import { ApiError, callApi } from '../../../lib/api-client';
import { InputField, SelectField } from '../../../islands/shared/Field';
import { DialogActions, ModalDialog } from '../../../islands/shared/ModalDialog';
import { showToast } from '../../../islands/toast';
import { errorMessage } from '../../staff/islands/ui';
import { staffLengthOptions, startOptions, timeRange } from './bay-bookings';

/**
 * Staff moving an entry: day, start, length and bay (its own first), at any notice. The server prices
 * it again: a cheaper time's difference is refunded, a dearer one's is due at the venue; the guest
 * gets the update with the calendar file. Mounted while open: focus moves in, stays in, and returns to
 * the opener however it closes.
 */
export function MoveDialog({ booking, bays, onClose, onMoved }: { booking: StaffBooking; bays: ReadonlyArray<{ id: string; name: string }>; onClose: () => void; onMoved: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);
  const id = useId().replace(/:/g, '');
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);
  const starts = useMemo(startOptions, []);
  const lengths = useMemo(staffLengthOptions, []);
  const close = () => dialogRef.current?.close();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    openerRef.current = document.activeElement;
    dialog.showModal();
    dialog.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(`${id}-${name}`) ?? '');
    setBusy(true);
    try {
      const moved = await callApi(moveBayEntry, {
        params: { moveId: booking.id },
        body: { date: text('date'), start: text('start'), lengthMinutes: Number(text('length')), bayId: text('bay'), revision: booking.revision },
      });
      showToast({ title: 'Booking moved', description: `${moved.bayName}, ${moved.date}, ${timeRange(moved)}.` });
      close();
      onMoved();
    } catch (failure) {
      setError({ message: errorMessage(failure), fields: failure instanceof ApiError ? (failure.json()?.fields ?? {}) : {} });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog
      dialogRef={dialogRef}
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      className="max-w-xl p-6 sm:p-8"
      onClose={() => {
        if (openerRef.current instanceof HTMLElement && openerRef.current.isConnected) openerRef.current.focus();
        openerRef.current = null;
        onClose();
      }}
    >
      <h2 id={`${id}-title`} className="text-h3">
        Move this booking
      </h2>
      <p id={`${id}-text`} className="mt-3 text-muted">
        {booking.name}: {booking.bayName}, {booking.date}, {timeRange(booking)}. A cheaper time is refunded, a dearer one is due at the venue; the guest gets the new time by e-mail.
      </p>
      <form className="mt-6 grid gap-4 sm:grid-cols-2" onSubmit={(event) => void submit(event)} noValidate>
        <InputField id={`${id}-date`} label="Date" type="date" defaultValue={booking.date} error={error?.fields['date']} />
        <SelectField id={`${id}-start`} label="Start" defaultValue={booking.start} options={starts} error={error?.fields['start']} />
        <SelectField id={`${id}-length`} label="Length" defaultValue={String(booking.lengthMinutes)} options={lengths} error={error?.fields['lengthMinutes']} />
        <SelectField id={`${id}-bay`} label="Bay" defaultValue={booking.bayId} options={bays.map((bay) => ({ value: bay.id, label: bay.name }))} error={error?.fields['bayId']} />
        {error ? (
          <p role="alert" className="font-semibold text-danger sm:col-span-2">
            {error.message}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <DialogActions onCancel={close}>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? 'Moving...' : 'Move'}
            </button>
          </DialogActions>
        </div>
      </form>
    </ModalDialog>
  );
}
