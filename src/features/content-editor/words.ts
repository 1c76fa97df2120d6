import type { FieldWords } from './fields';

/**
 * The content editor's words for fields, by field name: a label in plain words and, where the rule is
 * not obvious, a hint. Field names read as words by default ("offPeak" → "Off peak"); the names below
 * say more.
 */
const LABELS: Record<string, string> = {
  seo: 'Search engines',
  cta: 'Closing call to action',
  eyebrow: 'Small heading above the title',
  lead: 'Introduction',
  href: 'Link to a page',
  link: 'Link to an address of the site facts',
  image: 'Photo',
  poster: 'Photo shown before the video',
  offPeak: 'Off-peak price per hour',
  peak: 'Peak price per hour',
  price: 'Price',
  pricePerHour: 'Price per hour',
  pricePerTeamPerSession: 'Price per team and session',
  pricePerPerson: 'Price per person',
  monthlyRates: 'Monthly rate by billing term',
  opens: 'Opens at',
  closes: 'Closes at',
  startTime: 'Starts at',
  endTime: 'Ends at',
  startDate: 'First day',
  endDate: 'Last day',
  closesAt: 'Registration closes at',
  day: 'Day of the week',
  date: 'Date',
  kind: 'Kind of event',
  sessionId: 'League session (its id)',
  featured: 'Featured',
  file: 'Photo file',
  alt: 'Description of the photo (alt text)',
  gallery: 'Footer gallery (photo names, in order)',
  id: 'Id',
  slug: 'Id in addresses',
  couponId: 'Stripe coupon id',
  maxGuests: 'Largest group (guests)',
  faq: 'Questions and answers',
  answer: 'Answer',
  body: 'Description',
  staffNote: 'Note for staff (never shown on the site)',
};

const PHOTO = 'The name of a photo in the Photo library, without ".jpg", like bay-six.';
const TIME = 'Venue time, 24-hour clock.';

const HINTS: Record<string, string> = {
  image: PHOTO,
  poster: PHOTO,
  gallery: 'Each a photo name from the list above, without ".jpg".',
  opens: TIME,
  closes: TIME,
  startTime: TIME,
  endTime: `${TIME} Leave empty when the event has no set end.`,
  href: 'A page of this site, like /about.',
  price: 'In dollars, like 12.99.',
  offPeak: 'In dollars.',
  peak: 'In dollars.',
  pricePerHour: 'In dollars.',
  monthlyRates: 'Whole dollars per month for each billing term.',
  kind: 'Weekly: every week on one day. Dated: once, on a date. League: the start of a league session (its date and tee times come from the league settings).',
  day: 'For weekly events.',
  date: 'For dated events. The event is listed until the end of this day.',
  sessionId: 'For league events: fall, winter or spring, as in the league settings.',
  featured: 'Shows a "Featured" badge on the event.',
  file: 'Upload a JPEG; its file name (lower-case letters, digits and dashes) is the name pages use.',
  alt: 'What the photo shows, for people who cannot see it.',
  keywords: 'Words people search for, one per line.',
  body: 'The description, in markdown: **bold**, *italic*, lists and links.',
  answer: 'In markdown: **bold**, *italic*, lists and links.',
  open: 'Off when the session is full or over: it then takes no registrations.',
  popular: 'Marks the plan as the most popular.',
  active: 'On while the promotion runs; the discount is applied at checkout.',
};

/** Fields whose text runs to sentences: a multi-line box. */
const LONG_TEXTS = new Set(['description', 'text', 'lead', 'statement', 'blurb', 'note', 'checkoutText', 'qualification', 'membershipNote', 'headline', 'staffNote']);

/** "offPeak" → "Off peak", "1-month" → "1 month". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const fieldWords: FieldWords = {
  label: (name) => LABELS[name] ?? humanize(name),
  hint: (name) => HINTS[name],
};

export const isLongText = (name: string) => LONG_TEXTS.has(name);
