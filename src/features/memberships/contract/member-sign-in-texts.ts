/** Member sign-in for bay booking: what people read; free of zod so the /book island ships it cheaply. */

/** Minutes an e-mailed sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;

/** The answer to every address, member or not, so the form tells no one who is a member. */
export const SIGN_IN_LINK_SENT_MESSAGE = `If this e-mail belongs to an active membership, a sign-in link is on its way. It works once, within ${SIGN_IN_LINK_MINUTES} minutes.`;

/** Where a sign-in link lands: /book#sign-in={token}; the page asks the member to confirm with a button, and says how it went. */
export const SIGN_IN_LANDING_PATH = '/book';
export const SIGN_IN_FRAGMENT = 'sign-in';
export const SIGN_IN_BUTTON = 'Sign in';
export const SIGN_IN_OUTCOMES = {
  'signed-in': 'You are signed in. Your membership’s included time is taken off the prices below.',
  'link-invalid': `This sign-in link has expired or was already used. Links work once, within ${SIGN_IN_LINK_MINUTES} minutes: ask for a new one below.`,
} as const;
export type SignInOutcome = keyof typeof SIGN_IN_OUTCOMES;
