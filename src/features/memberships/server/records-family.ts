/** The membership subscription audit trail in the venue data file: its entries as kept, newest first. */
import * as z from 'zod';
import { parseRecord } from '../../../shared/server/json-records';
import { listRead } from '../../../shared/venue-data/reads';
import type { RecordFamily, StoreWrite } from '../../../shared/venue-data/registry';
import { AUDIT_KEY, FIRST_PAYMENT_TYPE, PAID_SESSIONS_KEY } from './audit-trail';
import { MEMBERSHIP_CHECKOUT_KIND } from './checkout-kind';
import { memberChange } from '../rules/member-change';
import { membershipTally, revenueTally } from '../../reports/rules/tally';

const auditEntry = z.record(z.string(), z.unknown());

export const subscriptionAuditFamily: RecordFamily<z.infer<typeof auditEntry>> = {
  name: 'subscriptionAudit',
  label: 'subscription audit entries',
  entry: auditEntry,
  ownedKeys: [AUDIT_KEY, PAID_SESSIONS_KEY],
  async read(reader) {
    const texts = await reader.read(listRead(AUDIT_KEY));
    const entries: Array<Record<string, unknown>> = [];
    const skipped: string[] = [];
    texts.forEach((text, index) => {
      const entry = parseRecord(text);
      if (entry) entries.push(entry);
      else skipped.push(`${AUDIT_KEY}[${index}]`);
    });
    return { entries, skipped };
  },
  tallies(entry) {
    const at = Date.parse(String(entry['at'] ?? ''));
    if (!Number.isFinite(at)) return [];
    // A membership's first payment, counted as revenue (first-payment.ts).
    if (entry['type'] === FIRST_PAYMENT_TYPE) return revenueTally(MEMBERSHIP_CHECKOUT_KIND, Number(entry['amountCents'] ?? 0), new Date(at));
    const change = memberChange(String(entry['type'] ?? ''));
    return change ? membershipTally(change, new Date(at)) : [];
  },
  restore: (entry) => [
    ['RPUSH', AUDIT_KEY, JSON.stringify(entry)],
    // The guard that counts a session's first payment once follows from its entry.
    ...(entry['type'] === FIRST_PAYMENT_TYPE && typeof entry['session'] === 'string' ? [['HSET', PAID_SESSIONS_KEY, entry['session'], '1'] as StoreWrite] : []),
  ],
};
