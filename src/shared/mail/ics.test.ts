import { describe, expect, it } from 'vitest';
import { escapeText, firstWeekdayOnOrAfter, foldCalendar, foldLine, weeklyCalendar } from './ics';

const event = {
  uid: 'reg-1@verona.example',
  summary: 'League: Fall Session, Monday 6:00 PM',
  description: 'Team Birdies; players Jamie, Alex',
  location: '100 Placeholder Way, Verona, WI 53593',
  firstDate: '2025-09-29',
  startTime: '18:00',
  durationMinutes: 120,
  count: 8,
};

describe('weeklyCalendar', () => {
  const text = weeklyCalendar([event], { productId: '-//Verona Indoor Golf//League//EN', now: new Date('2025-09-01T12:00:00Z') });

  it('is CRLF text with the venue zone, a weekly rule and the tee time as local time', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('TZID:America/Chicago');
    expect(lines).toContain('DTSTART;TZID=America/Chicago:20250929T180000');
    expect(lines).toContain('DTEND;TZID=America/Chicago:20250929T200000');
    expect(lines).toContain('RRULE:FREQ=WEEKLY;COUNT=8');
    expect(lines).toContain('DTSTAMP:20250901T120000Z');
    expect(lines).toContain('DESCRIPTION:Team Birdies\\; players Jamie\\, Alex');
    expect(lines).toContain('LOCATION:100 Placeholder Way\\, Verona\\, WI 53593');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('carries an event’s SEQUENCE only when it has one, so a changed event supersedes the one sent before', () => {
    expect(text).not.toContain('SEQUENCE');
    const moved = weeklyCalendar([{ ...event, sequence: 2 }], { productId: 'x', now: new Date(0) }).split('\r\n');
    expect(moved).toContain('SEQUENCE:2');
    expect(moved).toContain(`UID:${event.uid}`);
  });

  it('ends an event past midnight on the next day', () => {
    const late = weeklyCalendar([{ ...event, startTime: '23:00' }], { productId: 'x', now: new Date(0) });
    expect(late).toContain('DTEND;TZID=America/Chicago:20250930T010000');
  });
});

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});

describe('foldLine', () => {
  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `DESCRIPTION:${'é'.repeat(60)}`;
    const folded = foldLine(line).split('\r\n');
    for (const part of folded) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
  });
  it('leaves a short line alone', () => {
    expect(foldLine('SUMMARY:League')).toBe('SUMMARY:League');
  });
});

describe('foldCalendar', () => {
  const event = { uid: 'u@x', summary: 'League', description: `Tee time ${'and more '.repeat(12)}`, location: 'Verona', firstDate: '2025-09-29', startTime: '18:00', durationMinutes: 60, count: 1 };
  const options = { productId: 'x', now: new Date(0) };
  it('folds a calendar written with whole lines into the calendar written folded, and changes a folded one no more', () => {
    const whole = weeklyCalendar([event], { ...options, folded: false });
    expect(whole.split('\r\n').some((line) => line.length > 75)).toBe(true);
    expect(foldCalendar(whole)).toBe(weeklyCalendar([event], options));
    expect(foldCalendar(weeklyCalendar([event], options))).toBe(weeklyCalendar([event], options));
  });
});

describe('firstWeekdayOnOrAfter', () => {
  it('finds the first tee day of a session', () => {
    expect(firstWeekdayOnOrAfter('2025-09-29', 1)).toBe('2025-09-29');
    expect(firstWeekdayOnOrAfter('2025-09-29', 3)).toBe('2025-10-01');
    expect(firstWeekdayOnOrAfter('2025-09-29', 0)).toBe('2025-10-05');
  });
});
