import { useEffect, useId, useRef } from 'react';
import { focusableIn } from '../../../islands/shared/focus-trap';
import { DialogActions, ModalDialog } from '../../../islands/shared/ModalDialog';

/** The question, the button that confirms it, and what each choice does. */
export interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation: focus moves in (to Cancel, the safe choice), Tab stays inside, Escape
 * cancels, and focus returns to the opener.
 */
export default function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onCancel }: Confirmation & { open: boolean }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);
  const id = useId().replace(/:/g, '');

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
      focusableIn(dialog)[0]?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const onClose = () => {
    if (openerRef.current instanceof HTMLElement && openerRef.current.isConnected) openerRef.current.focus();
    openerRef.current = null;
    if (open) onCancel();
  };

  return (
    <ModalDialog dialogRef={dialogRef} labelledBy={`${id}-title`} describedBy={`${id}-message`} onClose={onClose} className="max-w-lg p-6 sm:p-8">
      <h2 id={`${id}-title`} className="text-h3">
        {title}
      </h2>
      <p id={`${id}-message`} className="mt-3 text-muted">
        {message}
      </p>
      <DialogActions onCancel={onCancel}>
        <button type="button" className="btn bg-danger text-ink hover:bg-danger/90" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </DialogActions>
    </ModalDialog>
  );
}
