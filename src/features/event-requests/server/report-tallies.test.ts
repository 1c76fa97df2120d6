import { describe, expect, it } from 'vitest';
import type { StoredQuote } from '../quote-record';
import { quoteTallies, requestTallies } from './report-tallies';

const quote = (change: Partial<StoredQuote>): StoredQuote =>
  ({
    id: 'q1',
    status: 'sent',
    version: 1,
    quote: { date: '2026-12-18' },
    holdUntil: 0,
    name: 'Robin',
    email: 'robin@example.com',
    depositPaidCents: 0,
    balancePaidCents: 0,
    refundedCents: 0,
    slots: [],
    history: [{ at: '2026-12-01T15:00:00.000Z', change: 'quoted' }],
    ...change,
  }) as StoredQuote;

describe('what event requests add to the reports', () => {
  it('counts a request on the venue-local day it came in', () => {
    expect(requestTallies(Date.parse('2026-12-02T03:00:00.000Z'))).toEqual([{ date: '2026-12-01', field: 'ev:new', delta: 1 }]);
  });

  it('counts a quote once however often it is changed, and nothing else while unpaid', () => {
    const changed = quote({ history: [{ at: '2026-12-01T15:00:00.000Z', change: 'quoted' }, { at: '2026-12-03T15:00:00.000Z', change: 'changed' }] });
    expect(quoteTallies(changed)).toEqual([{ date: '2026-12-01', field: 'ev:quoted', delta: 1 }]);
  });

  it('counts the deposit and an online balance as revenue, cash at the venue not, and the event held on its day while confirmed', () => {
    const record = quote({
      status: 'confirmed',
      history: [
        { at: '2026-12-01T15:00:00.000Z', change: 'quoted' },
        { at: '2026-12-02T15:00:00.000Z', change: 'paid', amountCents: 50_000 },
        { at: '2026-12-04T15:00:00.000Z', change: 'balance-paid', amountCents: 10_000, note: 'Cash' },
        { at: '2026-12-05T15:00:00.000Z', change: 'balance-paid', amountCents: 40_000, online: true },
      ],
    });
    expect(quoteTallies(record)).toEqual([
      { date: '2026-12-01', field: 'ev:quoted', delta: 1 },
      { date: '2026-12-02', field: 'rev:event-deposit', delta: 50_000 },
      { date: '2026-12-02', field: 'ev:paid', delta: 1 },
      { date: '2026-12-05', field: 'rev:event-deposit', delta: 40_000 },
      { date: '2026-12-18', field: 'ev:held', delta: 1 },
    ]);
  });

  it('counts refunds on their day, and a cancelled or late-paid event as not held', () => {
    const late = quote({ status: 'expired', history: [{ at: '2026-12-01T15:00:00.000Z', change: 'quoted' }, { at: '2026-12-09T15:00:00.000Z', change: 'paid-too-late', amountCents: 50_000 }, { at: '2026-12-10T15:00:00.000Z', change: 'refunded', amountCents: 50_000 }] });
    expect(quoteTallies(late)).toEqual([
      { date: '2026-12-01', field: 'ev:quoted', delta: 1 },
      { date: '2026-12-09', field: 'rev:event-deposit', delta: 50_000 },
      { date: '2026-12-10', field: 'ref:event-deposit', delta: 50_000 },
    ]);
    const cancelled = quote({ status: 'cancelled', history: [{ at: '2026-12-02T15:00:00.000Z', change: 'paid', amountCents: 50_000 }, { at: '2026-12-06T15:00:00.000Z', change: 'cancelled', amountCents: 0 }] });
    expect(quoteTallies(cancelled).map((tally) => tally.field)).toEqual(['rev:event-deposit', 'ev:paid']);
  });
});
