/** The balance page's words, free of zod (its small script ships them). */
export const BALANCE_TEXTS = {
  code: 'Enter the 16-character code, like ABCD-EFGH-JKLM-NPQR.',
  badCode: 'This is not a gift card code: check it for typos.',
  unknown: 'No gift card has this code. Check it for typos.',
  failed: 'The balance could not be checked. Please try again.',
} as const;

/** How the history names each kind of entry (no notes, no names: the page shows no personal data). */
export const HISTORY_LABELS = { issue: 'Bought', debit: 'Spent', adjust: 'Adjusted', void: 'Voided', refund: 'Returned', prize: 'Won as a prize' } as const;
