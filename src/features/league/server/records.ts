/**
 * League registrations built from a validated request (pure): the entries checked against the
 * league data, one stored record per session, and the Checkout session's line items and metadata.
 */
import type { LeagueSessionEntry } from '../contract/registration-form';
import { findSession, teeTimeId, teeTimeLabel, type League } from '../rules/league';
import { takesRegistrations } from '../rules/registration-window';
import { dollarsToCents } from '../../../domain/money';
import { HttpError } from '../../../shared/server/request';
import type { StoredRegistration } from './stored-registration';

const player = (first: string, last: string, email: string, phone: string) => ({ name: `${first.trim()} ${last.trim()}`, email: email.trim(), phone: phone.trim() });

/**
 * Checks the entries against the league data: known sessions, each once (400), and taking
 * registrations at `now` (409, the session named). Returns the entries in league order.
 */
export function checkEntries(league: League, entries: readonly LeagueSessionEntry[], now: Date): LeagueSessionEntry[] {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    if (!findSession(league, entry.sessionId)) fields[`sessionRegistrations.${index}.sessionId`] = 'Unknown league session';
    else if (seen.has(entry.sessionId)) fields[`sessionRegistrations.${index}.sessionId`] = 'Each session can be registered once.';
    seen.add(entry.sessionId);
  });
  const first = Object.values(fields)[0];
  if (first) throw new HttpError(400, first, { fields });
  for (const entry of entries) {
    const session = findSession(league, entry.sessionId)!;
    if (!takesRegistrations(league, session, now)) {
      throw new HttpError(409, `Registration for the ${session.name} is closed. Please choose another session.`);
    }
  }
  const order = league.sessions.map((session) => session.id);
  return [...entries].sort((a, b) => order.indexOf(a.sessionId) - order.indexOf(b.sessionId));
}

/** One record per entry, the amount from the league data (price per team per session, in cents). */
export function buildRecords(league: League, entries: readonly LeagueSessionEntry[], now: Date, newId: () => string): StoredRegistration[] {
  return entries.map((entry) => ({
    id: newId(),
    sessionId: entry.sessionId,
    teamName: entry.teamName?.trim() ?? '',
    teeTime: teeTimeId(entry.teeTimeDay, entry.teeTimeSlot),
    players: [
      player(entry.player1FirstName, entry.player1LastName, entry.player1Email, entry.player1Phone),
      player(entry.player2FirstName, entry.player2LastName, entry.player2Email, entry.player2Phone),
    ],
    amountCents: dollarsToCents(league.pricePerTeamPerSession),
    registeredAt: now.toISOString(),
  }));
}

/** The Checkout metadata `kind` of league fees (the payment registry dispatches on it). */
export const LEAGUE_CHECKOUT_KIND = 'league';

/**
 * The Checkout session's metadata, as the league success page reads it: sessions 'fall,winter',
 * teeTime 'monday-6pm' (tee times of several sessions, when they differ, comma-separated in session
 * order), and the registration ids the webhook updates.
 */
export function checkoutMetadata(records: readonly StoredRegistration[]): Record<string, string> {
  const teeTimes = [...new Set(records.map((record) => record.teeTime))];
  return {
    kind: LEAGUE_CHECKOUT_KIND,
    sessions: records.map((record) => record.sessionId).join(','),
    teeTime: teeTimes.join(','),
    registrationIds: records.map((record) => record.id).join(','),
  };
}

/** Checkout line items: one per registration at the league price. */
export function checkoutLineItems(league: League, records: readonly StoredRegistration[]) {
  return records.map((record) => {
    const session = findSession(league, record.sessionId);
    const team = record.teamName ? ` · Team ${record.teamName}` : '';
    const [one, two] = record.players;
    return {
      quantity: 1,
      price_data: {
        currency: league.currency,
        unit_amount: record.amountCents,
        product_data: {
          name: `League ${session?.name ?? record.sessionId} (${session?.dates ?? ''})`.replace(' ()', ''),
          description: `${league.teamFormat}, ${teeTimeLabel(league, record.teeTime)}: ${one.name} & ${two.name}${team}`,
        },
      },
    };
  });
}

/** The full-slot message: "The Monday 6:00 PM tee time of the Fall Session is full. …" */
export function teeTimeFullMessage(league: League, record: StoredRegistration): string {
  const session = findSession(league, record.sessionId);
  return `The ${teeTimeLabel(league, record.teeTime)} tee time of the ${session?.name ?? 'selected session'} is full. Please choose another tee time.`;
}
