/** What the league page and the registration page say about the registration window (free of zod). */
export const REGISTRATION_TEXTS = {
  /** `{session}` opens `{when}`. */
  opens: 'Registration for the {session} opens {when}.',
  soon: 'Registration for the next season opens soon.',
  /** Beside the "soon" line: `{phone}` from site.json. */
  call: 'Questions? Call us at {phone}.',
  sessionOpen: 'Registration open {until}',
  sessionOpens: 'Registration opens {when}',
  sessionClosed: 'Registration closed',
} as const;
