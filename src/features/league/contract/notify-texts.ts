/** What the league's notify-me form says (free of zod: the page's script ships these texts). */
export const NOTIFY_TEXTS = {
  /** The form's e-mail message, as every form of the site words it. */
  email: 'Valid email is required',
  heading: 'Get an e-mail when registration opens',
  label: 'Email',
  button: 'Notify Me',
  sending: 'Saving...',
  /** `{email}` is the address the visitor gave. */
  done: "Thanks! We'll e-mail {email} once, when registration opens.",
  failed: 'We could not save your address. Please try again or call us.',
} as const;
