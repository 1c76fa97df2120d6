/**
 * POST /api/league-registration-multi: validates the entries against the league data, stores one
 * pending registration per session (capacity checked atomically), creates a Checkout session in
 * payment mode (one line per session at the league price) and returns its URL. If Stripe fails,
 * the registrations just written are removed (with their places in the capacity sets), so nothing
 * half-made remains.
 */
import { createHash, randomUUID } from 'node:crypto';
import { league as leagueData } from '../catalogue';
import type { LeagueCheckoutAnswer } from '../contract/league-registration-multi';
import type { LeagueRegistrationRequest } from '../contract/registration-form';
import type { League } from '../rules/league';
import { HttpError } from '../../../shared/server/request';
import { getStripe } from '../../../shared/payments/stripe-client';
import { buildRecords, checkEntries, checkoutLineItems, checkoutMetadata, LEAGUE_CHECKOUT_KIND, teeTimeFullMessage } from './records';
import { attachCheckoutSession, deleteRegistrations, reserveRegistrations } from './registrations-store';
import { CHECKOUT_EXPIRY_SECONDS, PENDING_HOLD_MS } from './checkout-hold';

export { CHECKOUT_EXPIRY_SECONDS, PENDING_HOLD_MS };

/**
 * `now` stamps the records and dates the Checkout's expiry; `calendar` (default: now) is the instant
 * the sessions' registration windows are read at (calendarNow() in the function: fixed in tests).
 */
export async function registerTeam(
  body: LeagueRegistrationRequest,
  origin: string,
  options: { league?: League; now?: Date; calendar?: Date } = {},
): Promise<LeagueCheckoutAnswer> {
  const league = options.league ?? leagueData;
  const now = options.now ?? new Date();
  const entries = checkEntries(league, body.sessionRegistrations, options.calendar ?? now);
  const records = buildRecords(league, entries, now, randomUUID);
  const stripe = getStripe();

  const full = await reserveRegistrations(records, { now: now.getTime(), holdMs: PENDING_HOLD_MS, capacity: league.teeTimes.capacityPerTeeTime });
  if (full > 0) throw new HttpError(409, teeTimeFullMessage(league, records[full - 1]!));

  const ids = records.map((record) => record.id);
  let session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: checkoutLineItems(league, records),
        metadata: checkoutMetadata(records),
        payment_intent_data: { metadata: { kind: LEAGUE_CHECKOUT_KIND, registrationIds: ids.join(',') } },
        customer_email: entries[0]?.player1Email,
        success_url: `${origin}/league-success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/league-registration`,
        expires_at: Math.floor(now.getTime() / 1000) + CHECKOUT_EXPIRY_SECONDS,
      },
      { idempotencyKey: `league-${createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 32)}` },
    );
    if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  } catch (error) {
    await deleteRegistrations(ids, records).catch((cleanup: unknown) => console.error('[league] could not remove unpaid registrations', ids, cleanup));
    throw error;
  }
  await attachCheckoutSession(ids, session.id);
  return { checkoutUrl: session.url };
}
