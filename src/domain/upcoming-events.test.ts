import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseMarkdownFile } from '../lib/markdown-file';
import { parseContentFile } from './content-file';
import { fixtureLeague as league } from '../../tests/support/league-fixture';
import { eventFileFields, plainText, upcomingEvents, upcomingEventSchema, upcomingEventView, type EventEntry } from './upcoming-events';
import { addDays, nextWeekday, venueDate, venueMidnight, weekdayOf } from './venue-calendar';

const folder = new URL('../content/events/', import.meta.url);

async function shippedEvents(): Promise<EventEntry[]> {
  const files = (await readdir(folder)).filter((file) => file.endsWith('.md')).sort();
  return Promise.all(
    files.map(async (file) => {
      const { frontMatter, body } = parseMarkdownFile(await readFile(new URL(file, folder), 'utf8'));
      const event = parseContentFile(`src/content/events/${file}`, upcomingEventSchema, eventFileFields(frontMatter, body));
      return { ...event, html: `<p>${event.description.trim()}</p>` };
    }),
  );
}

const trivia = (overrides: Partial<EventEntry> = {}): EventEntry =>
  ({ kind: 'weekly', title: 'Trivia', type: 'Weekly', featured: true, day: 'Wednesday', startTime: '18:30', endTime: '20:30', description: 'x', html: '<p>Teams &amp; prizes</p>', ...overrides }) as EventEntry;

describe('venue calendar (America/Chicago)', () => {
  it("reads today in the venue's zone, not UTC", () => {
    // 03:00 UTC on Dec 2 is still 9 PM on Dec 1 in Verona.
    expect(venueDate(new Date('2025-12-02T03:00:00Z'))).toBe('2025-12-01');
    expect(venueDate(new Date('2025-12-02T06:00:00Z'))).toBe('2025-12-02');
  });

  it('finds weekdays and the next one', () => {
    expect(weekdayOf('2025-12-01')).toBe('Monday');
    expect(nextWeekday('2025-12-01', 'Wednesday')).toBe('2025-12-03');
    expect(nextWeekday('2025-12-03', 'Wednesday')).toBe('2025-12-03');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('puts midnight at the venue on either side of daylight saving', () => {
    expect(venueMidnight('2025-12-01').toISOString()).toBe('2025-12-01T06:00:00.000Z');
    expect(venueMidnight('2026-07-01').toISOString()).toBe('2026-07-01T05:00:00.000Z');
    // The days the clocks change: the day starts on the old offset.
    expect(venueMidnight('2026-03-08').toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(venueMidnight('2026-11-01').toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });
});

describe('event files', () => {
  it('reads every shipped event file with the schema, the body as its description', async () => {
    const events = await shippedEvents();
    expect(events.map((event) => event.title).sort()).toEqual(['Spring League Starts', 'Weekly Trivia Night', 'Winter League Starts']);
  });

  it('treats a cleared optional field as unset and refuses a missing description, naming the field', () => {
    const fields = eventFileFields({ title: 'Party', kind: 'dated', date: '2026-05-01', startTime: '19:00', endTime: '', type: 'Party', featured: false }, 'Bring friends.');
    expect(upcomingEventSchema.parse(fields)).toMatchObject({ date: '2026-05-01', description: 'Bring friends.' });
    expect(() => parseContentFile('src/content/events/party.md', upcomingEventSchema, { ...fields, description: '  ' })).toThrow(/description: write a description/);
    expect(() => parseContentFile('src/content/events/party.md', upcomingEventSchema, { ...fields, kind: 'monthly' })).toThrow(/kind: choose what kind of event/);
  });
});

describe('upcoming events', () => {
  it('prints weekly and league-start events, dates from the league catalogue', async () => {
    const views = upcomingEvents(await shippedEvents(), league, '2025-11-26');
    expect(views.map((view) => view.title)).toEqual(['Weekly Trivia Night', 'Winter League Starts', 'Spring League Starts']);
    const [weekly, winter, spring] = views;
    expect(weekly).toMatchObject({ date: 'Every Wednesday', next: 'Wednesday, November 26, 2025', time: '6:30PM-8:30PM', weekly: { day: 'Wednesday', startTime: '18:30', endTime: '20:30' } });
    expect(winter).toMatchObject({ date: 'Monday, December 1, 2025', time: '6:00 PM & 8:00 PM', startDate: '2025-12-01', until: '2025-12-02T06:00:00.000Z' });
    expect(spring).toMatchObject({ date: 'Monday, February 16, 2026', startDate: '2026-02-16' });
  });

  it('lists an event through its day and drops it the day after; a weekly event moves to its next date', async () => {
    const events = await shippedEvents();
    expect(upcomingEvents(events, league, '2025-12-01').map((view) => view.title)).toContain('Winter League Starts');
    const nextDay = upcomingEvents(events, league, '2025-12-02');
    expect(nextDay.map((view) => view.title)).toEqual(['Weekly Trivia Night', 'Spring League Starts']);
    expect(nextDay[0]).toMatchObject({ next: 'Wednesday, December 3, 2025', on: '2025-12-03' });
    expect(upcomingEvents(events, league, '2026-03-01').map((view) => view.title)).toEqual(['Weekly Trivia Night']);
  });

  it('shows a dated event with its times and keeps the description as text for structured data', () => {
    const view = upcomingEventView(trivia({ kind: 'dated', date: '2026-05-01', startTime: '19:00', endTime: undefined } as Partial<EventEntry>), league, '2026-04-01');
    expect(view).toMatchObject({ date: 'Friday, May 1, 2026', time: '7PM', startDate: '2026-05-01T19:00', summary: 'Teams & prizes' });
    expect(plainText('<p>One <em>two</em></p>\n<ul><li>three</li></ul>')).toBe('One two three');
  });

  it('fails on a league event naming an unknown session', () => {
    expect(() => upcomingEventView(trivia({ kind: 'league', sessionId: 'summer' } as Partial<EventEntry>), league, '2026-01-01')).toThrow(/summer/);
  });
});
