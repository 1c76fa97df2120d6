/**
 * The booking as the page that moves it last read it, sealed by the server (link-token.ts): the move's
 * one script checks that the record still is so, and changes nothing otherwise. So a move reads
 * nothing before its script (one round trip), the keys it passes are the ones the record claims, and of
 * two moves made from the same reading only the first applies.
 */
import { HttpError } from '../../../shared/server/request';
import type { MovePaid } from '../rules/move';
import { seal, unseal } from './link-token';
import { owedCents, type StoredBayBooking } from './record';

const SCOPE = 'bay-move-revision';

export const MOVE_CHANGED_MESSAGE = 'This booking has changed since this page was loaded. Please reload it and choose again.';

export interface MoveRevision {
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
}

export function moveRevisionOf(record: StoredBayBooking): MoveRevision {
  return {
    id: record.id,
    kind: record.kind,
    bayId: record.bayId,
    date: record.date,
    start: record.start,
    startsAt: record.startsAt,
    lengthMinutes: record.lengthMinutes,
    includedMinutes: record.includedMinutes,
    partySize: record.partySize,
    name: record.name,
    email: record.email,
    memberId: record.memberId ?? '',
    moves: record.history?.length ?? 0,
    amountCents: record.amountCents,
    refundedCents: record.refundedCents,
    owedCents: owedCents(record),
    cardCents: record.giftCard && !record.giftCard.returned ? record.giftCard.cents : 0,
    giftCardId: record.giftCard && !record.giftCard.returned ? record.giftCard.id : '',
  };
}

export const sealRevision = (record: StoredBayBooking): string => seal(SCOPE, moveRevisionOf(record));

/** The revision the page sent for booking `id`; 409 (reload) when it is not one this server sealed for it. */
export function openRevision(id: string, sealed: string): MoveRevision {
  const revision = unseal(SCOPE, sealed) as MoveRevision | null;
  if (!revision || revision.id !== id) throw new HttpError(409, MOVE_CHANGED_MESSAGE);
  return revision;
}

/** What the booking has paid and still counts toward it. */
export function paidOf(revision: MoveRevision): MovePaid {
  return { stripeCents: revision.amountCents - revision.refundedCents - revision.owedCents, cardCents: revision.cardCents };
}
