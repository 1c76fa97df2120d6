/**
 * League registrations as stored and as listed to the admin (spec section 3): pure functions that
 * build the records from the validated request, and the Checkout metadata the success page reads.
 */
import type { LeagueSessionEntry } from '../../domain/forms/league-registration';
import { findSession, isSessionOpen, teeTimeId, teeTimeLabel, type League } from '../../domain/league';
import { HttpError } from '../request';

/** completed, pending, failed or expired (the admin treats anything but completed/pending as failed). */
export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'expired';

/** The stored, immutable part of a registration (JSON at league:reg:{id}). */
export interface LeagueRegistrationRecord {
  id: string;
  teamName: string;
  player1: string;
  player2: string;
  /** 'email | phone' */
  player1Contact: string;
  player2Contact: string;
  /** 'monday-6pm' */
  teeTime: string;
  /** Session ids this registration covers (one per registration: one entry per selected session). */
  sessions: string[];
  /** Amount charged for this registration, in cents, as text: "70000" is $700.00 (spec: amounts are cents, divided by 100 for display). */
  amount: string;
  /** ISO timestamp. */
  registeredAt: string;
}

/** A registration as the admin list shows it. */
export interface LeagueRegistration extends LeagueRegistrationRecord {
  paymentStatus: PaymentStatus;
  /** The Stripe Checkout session that pays it (absent until Stripe answered). */
  checkoutSessionId?: string;
}

export function fullName(first: string, last: string): string {
  return `${first.trim()} ${last.trim()}`;
}

export function contact(email: string, phone: string): string {
  return `${email.trim()} | ${phone.trim()}`;
}

/**
 * Checks the entries against the league data: known sessions, each once (400), and open (409).
 * Returns the entries in league order.
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
    if (!isSessionOpen(session, now)) {
      throw new HttpError(409, `Registration for the ${session.name} is closed. Please choose another session.`);
    }
  }
  const order = league.sessions.map((session) => session.id);
  return [...entries].sort((a, b) => order.indexOf(a.sessionId) - order.indexOf(b.sessionId));
}

/** One record per entry, amounts from the league data (price per team per session, in cents). */
export function buildRecords(
  league: League,
  entries: readonly LeagueSessionEntry[],
  now: Date,
  newId: () => string,
): LeagueRegistrationRecord[] {
  return entries.map((entry) => ({
    id: newId(),
    teamName: entry.teamName?.trim() ?? '',
    player1: fullName(entry.player1FirstName, entry.player1LastName),
    player2: fullName(entry.player2FirstName, entry.player2LastName),
    player1Contact: contact(entry.player1Email, entry.player1Phone),
    player2Contact: contact(entry.player2Email, entry.player2Phone),
    teeTime: teeTimeId(entry.teeTimeDay, entry.teeTimeSlot),
    sessions: [entry.sessionId],
    amount: String(league.pricePerTeamPerSession * 100),
    registeredAt: now.toISOString(),
  }));
}

/**
 * The Checkout session's metadata, as the league success page reads it: sessions 'fall,winter',
 * teeTime 'monday-6pm' (tee times of several sessions, when they differ, comma-separated in session
 * order), and the registration ids the webhook updates.
 */
export function checkoutMetadata(records: readonly LeagueRegistrationRecord[]): Record<string, string> {
  const teeTimes = [...new Set(records.map((record) => record.teeTime))];
  return {
    kind: 'league',
    sessions: records.flatMap((record) => record.sessions).join(','),
    teeTime: teeTimes.join(','),
    registrationIds: records.map((record) => record.id).join(','),
  };
}

/** Checkout line items: one per registration at the league price. */
export function checkoutLineItems(league: League, records: readonly LeagueRegistrationRecord[]) {
  return records.map((record) => {
    const session = findSession(league, record.sessions[0] ?? '');
    const team = record.teamName ? ` · Team ${record.teamName}` : '';
    return {
      quantity: 1,
      price_data: {
        currency: league.currency,
        unit_amount: Number(record.amount),
        product_data: {
          name: `League ${session?.name ?? record.sessions.join(', ')} (${session?.dates ?? ''})`.replace(' ()', ''),
          description: `${league.teamFormat}, ${teeTimeLabel(league, record.teeTime)}: ${record.player1} & ${record.player2}${team}`,
        },
      },
    };
  });
}

/** The full-slot message: "The Monday 6:00 PM tee time of the Fall Session is full. …" */
export function teeTimeFullMessage(league: League, record: LeagueRegistrationRecord): string {
  const session = findSession(league, record.sessions[0] ?? '');
  return `The ${teeTimeLabel(league, record.teeTime)} tee time of the ${session?.name ?? 'selected session'} is full. Please choose another tee time.`;
}
