/**
 * The dashboard's "Needs Attention": what staff should fix, each with the link to where it is fixed,
 * computed from the content (as built, attention-facts.ts) and the clock, and from what the site
 * reports (undelivered mail, configuration checks). Pure and zod-free: the dashboard ships it. Nothing
 * is listed when all is well.
 */
import { isSessionOpen, type RegistrationWindow } from '../../league/rules/league-rules';
import { isPromotionRunning, type PromotionWindow } from '../../memberships/rules/membership-pricing';
import type { ConfigurationCheck } from './system';
import { venueDate } from '../../../domain/venue-calendar';

/** The content facts the list reads, in plain data (the dashboard page computes them at build). */
export interface AttentionFacts {
  league: ReadonlyArray<{ name: string } & RegistrationWindow>;
  promotion: { name: string } & PromotionWindow;
  /** Bay prices still marked as placeholders: "Simulator bay on Monday". */
  placeholderPrices: readonly string[];
  /** The blackout dates of bay booking, venue-local "2026-12-25". */
  blackoutDates: readonly string[];
  /** The upcoming events and until when each is listed (ISO; null: a weekly event, always listed). */
  events: ReadonlyArray<{ title: string; until: string | null }>;
}

/** What the site reports besides the content; null while it is loading or when it could not be read. */
export interface AttentionReports {
  failedMail: number | null;
  checks: readonly ConfigurationCheck[] | null;
}

export interface AttentionItem {
  id: 'league' | 'promotion-month' | 'promotion-over' | 'placeholder-price' | 'no-events' | 'blackouts' | 'failed-mail' | `check-${ConfigurationCheck['id']}`;
  text: string;
  href: string;
  /** The link's words. */
  action: string;
}

/** Where each is fixed: the content editor's form of a file or folder, the dashboard's mail list, the database page. */
export const EDITOR_LINKS = {
  league: '/admin/content/#/collections/settings/entries/league',
  memberships: '/admin/content/#/collections/settings/entries/memberships',
  bayBooking: '/admin/content/#/collections/settings/entries/bay-booking',
  events: '/admin/content/#/collections/upcoming-events',
} as const;

/** A league with nothing open is flagged unless a session opens within this many days. */
export const LEAGUE_LOOKAHEAD_DAYS = 30;
const DAY_MS = 86_400_000;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The month a text names ("October Membership Special" → "October"), or null. */
export function monthNamed(text: string): string | null {
  return MONTHS.find((month) => new RegExp(`\\b${month}\\b`, 'i').test(text)) ?? null;
}

/** Everything that needs attention at `now` (the venue's date and month read in its zone). */
export function attentionItems(facts: AttentionFacts, now: Date, reports: AttentionReports = { failedMail: null, checks: null }): AttentionItem[] {
  const items: AttentionItem[] = [];
  const at = now.getTime();
  const today = venueDate(now);

  const openNow = facts.league.some((session) => isSessionOpen(session, now));
  const opensSoon = facts.league.some((session) => session.open && session.opensAt !== null && Date.parse(session.opensAt) > at && Date.parse(session.opensAt) <= at + LEAGUE_LOOKAHEAD_DAYS * DAY_MS && Date.parse(session.opensAt) < Date.parse(session.closesAt));
  if (!openNow && !opensSoon) {
    items.push({ id: 'league', text: `No league session takes registrations, and none opens in the next ${LEAGUE_LOOKAHEAD_DAYS} days: roll the season forward or set when registration opens.`, href: EDITOR_LINKS.league, action: 'Edit the league sessions' });
  }

  const { promotion } = facts;
  if (promotion.active) {
    const month = monthNamed(promotion.name);
    const currentMonth = MONTHS[Number(today.slice(5, 7)) - 1]!;
    if (promotion.until !== null && Date.parse(promotion.until) <= at) {
      items.push({ id: 'promotion-over', text: `The "${promotion.name}" ended: its last day has passed. Switch it off or give it new dates.`, href: EDITOR_LINKS.memberships, action: 'Edit the promotion' });
    } else if (month && month !== currentMonth && isPromotionRunning(promotion, now)) {
      items.push({ id: 'promotion-month', text: `The "${promotion.name}" names ${month}, but it is ${currentMonth}: rename it, date it or switch it off.`, href: EDITOR_LINKS.memberships, action: 'Edit the promotion' });
    }
  }

  if (facts.placeholderPrices.length > 0) {
    items.push({ id: 'placeholder-price', text: `Bay booking still charges a placeholder price (${facts.placeholderPrices.join(', ')}): confirm the real one.`, href: EDITOR_LINKS.bayBooking, action: 'Edit the bay prices' });
  }

  if (!facts.events.some((event) => event.until === null || Date.parse(event.until) > at)) {
    items.push({ id: 'no-events', text: 'The events page lists no upcoming event: add one.', href: EDITOR_LINKS.events, action: 'Add an event' });
  }

  if (!facts.blackoutDates.some((date) => date >= today)) {
    const text = facts.blackoutDates.length === 0 ? 'Bay booking has no closed days set.' : 'Every closed day of bay booking has passed.';
    items.push({ id: 'blackouts', text: `${text} Add the coming holidays so nobody books them.`, href: EDITOR_LINKS.bayBooking, action: 'Edit the closed days' });
  }

  if (reports.failedMail !== null && reports.failedMail > 0) {
    const count = reports.failedMail === 1 ? '1 e-mail' : `${reports.failedMail} e-mails`;
    items.push({ id: 'failed-mail', text: `${count} could not be delivered after every retry.`, href: '#failed-mail', action: 'See the undelivered e-mail' });
  }
  for (const check of reports.checks ?? []) {
    if (!check.ok) items.push({ id: `check-${check.id}`, text: `${check.label}: ${check.detail}`, href: '/admin/database#configuration-checks', action: 'See the configuration checks' });
  }
  return items;
}
