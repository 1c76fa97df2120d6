import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { trapTab } from './focus-trap';

interface Props {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** Ids of the title and the description inside. */
  labelledBy: string;
  describedBy: string;
  /** Runs however the dialog closes: a button, Escape, or the page. */
  onClose: () => void;
  /** Size and padding of this dialog. */
  className: string;
  children: ReactNode;
}

/** A modal on a native <dialog> (opened with showModal()): Tab stays inside, Escape closes it. */
export function ModalDialog({ dialogRef, labelledBy, describedBy, onClose, className, children }: Props) {
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (dialogRef.current) trapTab(event, dialogRef.current);
  };
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
      onKeyDown={onKeyDown}
      className={`m-auto w-[calc(100vw-2rem)] rounded-card border border-line bg-surface text-text shadow-card backdrop:bg-black/75 ${className}`}
    >
      {children}
    </dialog>
  );
}

/** A dialog's buttons: Cancel (closing without acting), then the dialog's own action. */
export function DialogActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Cancel
      </button>
      {children}
    </div>
  );
}
