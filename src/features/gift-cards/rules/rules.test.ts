import { describe, expect, it } from 'vitest';
import { ALPHABET, checkCharacter, codeHint, generateCode, groupCode, isValidCode, normalizeCode } from './code';
import { amountRule, checkAmount } from './amount';
import { deliveryDateProblem, deliveryDueAt, deliveryInstant, deliveryWindow } from './delivery';
import { applyChange, firstUnsoundEntry, isUnspent, ledgerSum } from './ledger';

const content = { presets: [25, 50, 100, 200], custom: { allowed: true, min: 10, max: 500 } };

describe('gift card codes', () => {
  it('are 16 characters of the unambiguous alphabet, grouped by four, with a valid check character', () => {
    const code = generateCode();
    expect(code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{16}$/);
    expect(ALPHABET).toHaveLength(32);
    expect(ALPHABET).not.toMatch(/[01IO]/);
    expect(groupCode(code)).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(isValidCode(code)).toBe(true);
    expect(codeHint(code)).toBe(code.slice(12));
  });

  it('come from the random source given, every byte used', () => {
    const fixed = (bytes: Uint8Array) => bytes.map((_, index) => index);
    expect(generateCode(fixed)).toBe(`${ALPHABET.slice(0, 15)}${checkCharacter(ALPHABET.slice(0, 15))}`);
    const codes = new Set(Array.from({ length: 500 }, () => generateCode()));
    expect(codes.size).toBe(500);
  });

  it('read what people type: lower case, spaces and dashes', () => {
    const code = generateCode();
    expect(normalizeCode(` ${groupCode(code).toLowerCase()} `)).toBe(code);
    expect(isValidCode(groupCode(code).replace(/-/g, ' '))).toBe(true);
    expect(normalizeCode('ABCD-EFGH')).toBeNull();
    expect(normalizeCode('0BCD-EFGH-JKLM-NPQR')).toBeNull();
  });

  it('refuse every single mistyped character', () => {
    const code = generateCode((bytes) => bytes.map((_, index) => index * 7));
    for (let at = 0; at < code.length; at++) {
      for (const other of ALPHABET) {
        if (other === code[at]) continue;
        expect(isValidCode(code.slice(0, at) + other + code.slice(at + 1))).toBe(false);
      }
    }
  });

  it('refuse most swaps of neighbours', () => {
    let caught = 0;
    let swaps = 0;
    for (let round = 0; round < 200; round++) {
      const code = generateCode();
      for (let at = 0; at < code.length - 1; at++) {
        if (code[at] === code[at + 1]) continue;
        swaps++;
        if (!isValidCode(code.slice(0, at) + code[at + 1] + code[at] + code.slice(at + 2))) caught++;
      }
    }
    expect(caught / swaps).toBeGreaterThan(0.95);
  });
});

describe('gift card amounts', () => {
  it('take a preset or a whole-dollar custom amount in the range, in cents', () => {
    expect(checkAmount(50, content)).toEqual({ ok: true, cents: 5000 });
    expect(checkAmount(10, content)).toEqual({ ok: true, cents: 1000 });
    expect(checkAmount(500, content)).toEqual({ ok: true, cents: 50000 });
    expect(checkAmount(37, content)).toEqual({ ok: true, cents: 3700 });
  });

  it('refuse amounts outside the range, cents and custom amounts when staff allow none', () => {
    for (const dollars of [9, 501, 0, -25, 25.5, Number.NaN]) expect(checkAmount(dollars, content).ok).toBe(false);
    const presetsOnly = { ...content, custom: { ...content.custom, allowed: false } };
    expect(checkAmount(37, presetsOnly)).toEqual({ ok: false, message: 'Choose $25, $50, $100, $200.' });
    expect(checkAmount(100, presetsOnly)).toEqual({ ok: true, cents: 10000 });
    expect(amountRule(content)).toBe('Choose $25, $50, $100, $200 or a whole-dollar amount from $10 to $500.');
  });
});

describe('gift card delivery dates', () => {
  const lateEvening = Date.parse('2026-12-01T05:30:00Z'); // Nov 30, 23:30 in Chicago

  it('run from the venue-local today to the same day a year ahead', () => {
    expect(deliveryWindow(lateEvening)).toEqual({ first: '2026-11-30', last: '2027-11-30' });
    expect(deliveryDateProblem('2026-11-30', lateEvening)).toBeNull();
    expect(deliveryDateProblem('2027-11-30', lateEvening)).toBeNull();
    expect(deliveryDateProblem('2026-11-29', lateEvening)).toMatch(/passed/);
    expect(deliveryDateProblem('2027-12-01', lateEvening)).toMatch(/within a year/);
    expect(deliveryDateProblem('2026-02-30', lateEvening)).toMatch(/Choose a delivery date/);
  });

  it('end on Feb 28 a year after a Feb 29', () => {
    expect(deliveryWindow(Date.parse('2028-02-29T18:00:00Z'))).toEqual({ first: '2028-02-29', last: '2029-02-28' });
  });

  it('are due at 08:00 venue time, or at once when that has passed', () => {
    expect(new Date(deliveryInstant('2026-12-24', lateEvening)).toISOString()).toBe('2026-12-24T14:00:00.000Z');
    expect(new Date(deliveryInstant('2027-07-04', lateEvening)).toISOString()).toBe('2027-07-04T13:00:00.000Z');
    expect(deliveryInstant('2026-11-30', lateEvening)).toBe(lateEvening);
    // One clock: the same instants. A calendar fixed apart from the real clock: as long after now as it says is left.
    expect(deliveryDueAt('2026-12-24', { now: lateEvening, calendar: lateEvening })).toBe(deliveryInstant('2026-12-24', lateEvening));
    const calendar = Date.parse('2026-12-07T18:00:00Z');
    expect(deliveryDueAt('2026-12-07', { now: lateEvening, calendar })).toBe(lateEvening);
    expect(deliveryDueAt('2026-12-08', { now: lateEvening, calendar })).toBe(lateEvening + (Date.parse('2026-12-08T14:00:00Z') - calendar));
  });
});

describe('gift card ledger arithmetic', () => {
  it('applies signed changes and refuses going below zero', () => {
    expect(applyChange(5000, -2000)).toEqual({ ok: true, balanceAfterCents: 3000 });
    expect(applyChange(3000, -3000)).toEqual({ ok: true, balanceAfterCents: 0 });
    expect(applyChange(3000, -3001)).toEqual({ ok: false, reason: 'overdrawn' });
    expect(applyChange(3000, 0.5)).toEqual({ ok: false, reason: 'not-whole-cents' });
  });

  it('checks a ledger adds up and tells an unspent card', () => {
    const entries = [
      { kind: 'issue' as const, amountCents: 5000, balanceAfterCents: 5000 },
      { kind: 'debit' as const, amountCents: -1250, balanceAfterCents: 3750 },
      { kind: 'adjust' as const, amountCents: 250, balanceAfterCents: 4000 },
    ];
    expect(ledgerSum(entries)).toBe(4000);
    expect(firstUnsoundEntry(entries)).toBe(-1);
    expect(firstUnsoundEntry([...entries, { kind: 'debit' as const, amountCents: -100, balanceAfterCents: 3800 }])).toBe(3);
    expect(isUnspent(entries)).toBe(false);
    expect(isUnspent(entries.slice(0, 1))).toBe(true);
  });
});
