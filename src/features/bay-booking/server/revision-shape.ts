/**
 * What a booking's revision holds (revision.ts seals it for the page) and the Lua that checks a record
 * is still as a revision saw it. Apart from the sealing so the store's scripts can use it.
 */
import type { StoredBayBooking } from './record';

export interface BookingRevision {
  id: string;
  kind: StoredBayBooking['kind'];
  bayId: string;
  date: string;
  start: string;
  startsAt: string;
  lengthMinutes: number;
  /** Its member-included minutes (the reports move its use with it). */
  includedMinutes: number;
  partySize: number;
  name: string;
  email: string;
  /** '' for none. */
  memberId: string;
  /** Moves made so far (the history's length). */
  moves: number;
  amountCents: number;
  refundedCents: number;
  /** Refunds owed and not paid yet. */
  owedCents: number;
  /** What a gift card paid and still counts toward the booking, and that card ('' for none). */
  cardCents: number;
  giftCardId: string;
  /** The half hours (range and buffer) it claims: their keys, as the record stores them. */
  slots: string[];
}

/** The revision's fields the record carries under the same name and value. */
const SAME_FIELDS = ['kind', 'bayId', 'startsAt', 'lengthMinutes', 'includedMinutes', 'partySize', 'amountCents', 'refundedCents', 'name', 'email'] as const satisfies ReadonlyArray<keyof BookingRevision & keyof StoredBayBooking>;

/**
 * asSeen(record, seen) in Lua: the record is confirmed and as the revision `seen` saw it: the same
 * fields, member, moves made, refunds owed and gift card part.
 */
export const AS_SEEN_LUA = `
local function asSeen(record, seen)
  if record.status ~= 'confirmed' then return false end
  for _, field in ipairs({ ${SAME_FIELDS.map((field) => `'${field}'`).join(', ')} }) do
    if record[field] ~= seen[field] then return false end
  end
  local owed = 0
  if type(record.refundOwed) == 'table' then
    owed = record.refundOwed.cents
    for _, entry in ipairs(record.refundOwed.later or {}) do owed = owed + entry.cents end
  end
  local card = 0
  if type(record.giftCard) == 'table' and not record.giftCard.returned then card = record.giftCard.cents end
  return (record.memberId or '') == seen.memberId and #(record.history or {}) == seen.moves and owed == seen.owedCents and card == seen.cardCents
end`;
