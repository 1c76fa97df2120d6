/** What /league/mail-opt-out says: the question, its button, and each outcome. */
export const OPT_OUT_TEXTS = {
  title: 'Stop weekly league e-mails',
  lead: 'Your team will no longer get its weekly results by e-mail. The standings stay on the site.',
  button: 'Stop the e-mails for our team',
  sending: 'Stopping…',
  done: 'Done: your team gets no more weekly result e-mails.',
  missing: 'This link is incomplete: open it again from the e-mail.',
  failed: 'That did not work just now. Please try again, or call us.',
} as const;
