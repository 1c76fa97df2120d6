import { clearDraft } from './draft';

const PAID_FLAG = 'league-registration-paid';

/** Called by the success page once the payment is confirmed: the next visit to the wizard starts empty. */
export function markLeaguePaid(): void {
  clearDraft();
  try {
    window.sessionStorage.setItem(PAID_FLAG, '1');
  } catch {
    // storage disabled: the draft was cleared already
  }
}

/** Clears a draft left behind in another tab after the payment went through. */
export function clearDraftIfPaid(): void {
  try {
    if (window.sessionStorage.getItem(PAID_FLAG)) {
      clearDraft();
      window.sessionStorage.removeItem(PAID_FLAG);
    }
  } catch {
    // storage disabled
  }
}
