import { describe, expect, it, vi } from 'vitest';
import type { StoredBayBooking } from '../server/record';
import { bayConfirmation, heldConfirmation } from './emails';

// One bay named with every character JSON or a calendar escapes, to show the fills carry them right.
vi.mock('../catalogue', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../catalogue')>();
  return { ...actual, bayBooking: { ...actual.bayBooking, bays: actual.bayBooking.bays.map((bay, index) => (index === 1 ? { ...bay, name: 'Bay "Two", back; \\ room' } : bay)) } };
});

const { bayBooking } = await import('../catalogue');

const record: StoredBayBooking = {
  id: '0b6c1c1e-3f0e-4c55-9d7a-8a3c4f2b1d00',
  kind: 'member',
  status: 'confirmed',
  bayId: '',
  date: '2026-12-04',
  start: '12:00',
  startsAt: '2026-12-04T18:00:00.000Z',
  endsAt: '2026-12-04T19:00:00.000Z',
  lengthMinutes: 60,
  partySize: 4,
  name: 'Robin {{bay:x}} Fairway',
  email: 'robin@example.com',
  phone: '608-555-0142',
  amountCents: 0,
  includedMinutes: 60,
  refundedCents: 0,
  createdAt: '2026-12-01T12:00:00.000Z',
  holdUntil: 0,
  memberId: 'cus_1',
};

/** What the hold's script does with the stored JSON: each mark replaced by its value, as plain text. */
const fill = (text: string, fills: ReadonlyArray<readonly [string, string]>) => fills.reduce((filled, [mark, value]) => filled.split(mark).join(value), text);

describe('heldConfirmation', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const bayIds = bayBooking.bays.map((bay) => bay.id);
  const held = heldConfirmation(record, bayIds, 'https://verona.example', now);

  it('is rendered once, and filled for the bay the hold lands on it is that bay’s confirmation, whatever its name holds', () => {
    expect(Object.keys(held.fills)).toEqual(bayIds);
    for (const bayId of bayIds) {
      const filled = JSON.parse(fill(JSON.stringify(held.message), held.fills[bayId]!)) as unknown;
      expect(filled).toEqual(JSON.parse(JSON.stringify(bayConfirmation({ ...record, bayId }, 'https://verona.example', now))));
    }
    const second = bayConfirmation({ ...record, bayId: bayIds[1]! }, 'https://verona.example', now);
    expect(second.attachments![0]!.content).toContain('SUMMARY:Verona Indoor Golf: Bay "Two"\\, back\\; \\\\ room\r\n');
  });

  it('marks the bay with the booking’s id, so a guest’s own text is never filled', () => {
    const text = JSON.stringify(held.message);
    expect(held.fills[bayIds[0]!]!.map(([mark]) => mark).every((mark) => mark.includes(record.id))).toBe(true);
    expect(text).toContain('Robin {{bay:x}} Fairway');
    expect(fill(text, held.fills[bayIds[0]!]!)).toContain('Robin {{bay:x}} Fairway');
  });
});
