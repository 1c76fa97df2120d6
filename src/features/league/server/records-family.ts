/**
 * League registrations in the venue data file: each record with its registration time (the index's
 * score), payment status and Checkout session, which are kept beside it (registrations-store.ts). The
 * tee-time sets are rebuilt from the records on import.
 */
import * as z from 'zod';
import { paymentStatus, type PaymentStatus } from '../contract/admin-league-registrations';
import { fileTime, recordEntry, type RecordFamily, type StoreWrite } from '../../../shared/venue-data/registry';
import { hashRead, readIndexedRecords } from '../../../shared/venue-data/reads';
import { CHECKOUT_KEY, PAID_AT_KEY, REGS_KEY, regKey, slotKey, STATUS_KEY } from './registrations-store';
import { readStoredRegistration } from './stored-registration';
import { LEAGUE_CHECKOUT_KIND } from './records';
import { revenueTally } from '../../reports/rules/tally';

const leagueRegistrationEntry = recordEntry({
  /** Registration time (ms since 1970), the registrations index's order. */
  registeredAtMs: fileTime,
  /** Null when none was ever set (reads as pending). */
  paymentStatus: z.enum(paymentStatus.options).nullable(),
  checkoutSessionId: z.string().nullable(),
  /** When it was paid (ms), for the reports; absent in files made before it was kept. */
  paidAtMs: fileTime.nullable().optional(),
});

export type LeagueRegistrationEntry = z.infer<typeof leagueRegistrationEntry>;

const PAYMENT_STATUSES: ReadonlySet<string> = new Set(paymentStatus.options);
const isPaymentStatus = (value: string | undefined): value is PaymentStatus => value !== undefined && PAYMENT_STATUSES.has(value);

export const leagueRegistrationsFamily: RecordFamily<LeagueRegistrationEntry> = {
  name: 'leagueRegistrations',
  label: 'league registrations',
  entry: leagueRegistrationEntry,
  idOf: (entry) => entry.id,
  timeOf: (entry) => entry.registeredAtMs,
  ownedKeys: [REGS_KEY, STATUS_KEY, CHECKOUT_KEY, PAID_AT_KEY],
  async read(reader) {
    const [{ found, skipped }, statuses, checkouts, paidAt] = await Promise.all([
      readIndexedRecords(reader, REGS_KEY, regKey),
      reader.read(hashRead(STATUS_KEY)),
      reader.read(hashRead(CHECKOUT_KEY)),
      reader.read(hashRead(PAID_AT_KEY)),
    ]);
    const entries = found.map(({ id, score, record }) => {
      const status = statuses.get(id);
      const paid = Number(paidAt.get(id));
      return {
        id,
        registeredAtMs: score,
        paymentStatus: isPaymentStatus(status) ? status : null,
        checkoutSessionId: checkouts.get(id) ?? null,
        ...(Number.isFinite(paid) && paid > 0 ? { paidAtMs: paid } : {}),
        record,
      };
    });
    return { entries, skipped };
  },
  tallies(entry) {
    const stored = readStoredRegistration(entry.record);
    if (entry.paymentStatus !== 'completed' || !entry.paidAtMs || !stored) return [];
    return revenueTally(LEAGUE_CHECKOUT_KIND, stored.amountCents, new Date(entry.paidAtMs));
  },
  restore(entry) {
    const score = String(entry.registeredAtMs);
    const writes: StoreWrite[] = [
      ['SET', regKey(entry.id), JSON.stringify(entry.record)],
      ['ZADD', REGS_KEY, score, entry.id],
    ];
    if (entry.paymentStatus) writes.push(['HSET', STATUS_KEY, entry.id, entry.paymentStatus]);
    if (entry.checkoutSessionId !== null) writes.push(['HSET', CHECKOUT_KEY, entry.id, entry.checkoutSessionId]);
    if (entry.paidAtMs) writes.push(['HSET', PAID_AT_KEY, entry.id, String(entry.paidAtMs)]);
    const stored = readStoredRegistration(entry.record);
    if (stored?.sessionId && stored.teeTime) writes.push(['ZADD', slotKey(stored.sessionId, stored.teeTime), score, entry.id]);
    return writes;
  },
};
