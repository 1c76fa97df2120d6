import * as z from 'zod';
import { formatClock } from './clock';
import { clockTimeSchema, weekdaySchema } from './hours';
import type { League } from '../features/league/rules/league';
import { formatLongDate, joinList } from './page-content';
import { addDays, nextWeekday, venueMidnight } from './venue-calendar';

/**
 * The events page's "Upcoming Events": one markdown file per event in src/content/events/, its front
 * matter the facts (title, kind, date or weekly day, times, type, featured) and its body the
 * description. A dated event and a league start are listed until their day is over; a weekly event
 * always, with its next date.
 */
export const EVENTS_FOLDER = 'events';

const text = z.string().min(1);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date like 2025-12-01');
const base = { title: text, type: text, featured: z.boolean().default(false), description: z.string().trim().min(1, 'write a description') };

/** One event file: its front matter with the body as `description`. */
export const upcomingEventSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('weekly'), day: weekdaySchema, startTime: clockTimeSchema, endTime: clockTimeSchema, ...base }),
    z.object({ kind: z.literal('dated'), date: isoDate, startTime: clockTimeSchema, endTime: clockTimeSchema.optional(), ...base }),
    /** A league session's start: the date and tee times come from league.json. */
    z.object({ kind: z.literal('league'), sessionId: z.string().min(1, 'choose the league session'), ...base }),
  ],
  { error: 'choose what kind of event this is: weekly, dated or league' },
);
export type UpcomingEvent = z.infer<typeof upcomingEventSchema>;

/**
 * An event file's fields as the schema reads them: the front matter, and the markdown body as the
 * description. The editor writes a cleared optional field as an empty value: the same as unset.
 */
export function eventFileFields(frontMatter: Readonly<Record<string, unknown>>, body: string): Record<string, unknown> {
  const fields = Object.entries(frontMatter).filter(([name, value]) => name !== 'body' && value !== '' && value !== null && value !== undefined);
  return { ...Object.fromEntries(fields), description: body };
}

/** The field an editor shows for an event file's description (its markdown body). */
export const EVENT_BODY_FIELD = 'body';

export interface UpcomingEventView {
  title: string;
  type: string;
  featured: boolean;
  /** The description as HTML (rendered from its markdown at build) and as plain text (structured data). */
  html: string;
  summary: string;
  /** As printed: "Every Wednesday", "Monday, December 1, 2025". */
  date: string;
  /** A weekly event's next date, as printed: "Wednesday, December 3, 2025". */
  next?: string;
  /** As printed: "6:30PM-8:30PM". */
  time: string;
  /** The venue date the event is next on: the list's order. */
  on: string;
  /** From this instant the card is out of date: a dated event or league start is over, a weekly one is a week further on. */
  until: string;
  /** For structured data: a dated event's start (ISO) … */
  startDate?: string;
  /** … or a weekly event's schedule. */
  weekly?: { day: string; startTime: string; endTime: string };
}

/** A rendered event file: its parsed fields and its description as HTML. */
export type EventEntry = UpcomingEvent & { html: string };

/** Text of rendered HTML: tags dropped, the entities markdown writes decoded, spaces collapsed. */
export function plainText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

const timeRange = (startTime: string, endTime?: string) => (endTime ? `${formatClock(startTime)}-${formatClock(endTime)}` : formatClock(startTime));
const endOfDay = (iso: string) => venueMidnight(addDays(iso, 1)).toISOString();

/** What the events page prints for one event on `today` (league starts derive from league.json). */
export function upcomingEventView(event: EventEntry, league: League, today: string): UpcomingEventView {
  const base = { title: event.title, type: event.type, featured: event.featured, html: event.html, summary: plainText(event.html) };
  switch (event.kind) {
    case 'weekly': {
      const on = nextWeekday(today, event.day);
      return {
        ...base,
        date: `Every ${event.day}`,
        next: formatLongDate(on),
        time: timeRange(event.startTime, event.endTime),
        on,
        until: endOfDay(on),
        weekly: { day: event.day, startTime: event.startTime, endTime: event.endTime },
      };
    }
    case 'dated':
      return {
        ...base,
        date: formatLongDate(event.date),
        time: timeRange(event.startTime, event.endTime),
        on: event.date,
        until: endOfDay(event.date),
        startDate: `${event.date}T${event.startTime}`,
      };
    case 'league': {
      const session = league.sessions.find((candidate) => candidate.id === event.sessionId);
      if (!session) throw new Error(`Upcoming event "${event.title}" names league session ${event.sessionId}, which league.json does not have`);
      return {
        ...base,
        date: formatLongDate(session.startDate),
        time: joinList(league.teeTimes.slots.map((slot) => slot.label)),
        on: session.startDate,
        until: endOfDay(session.startDate),
        startDate: session.startDate,
      };
    }
  }
}

/** The events still to come on `today` (the venue's date), soonest first; a weekly event is always to come. */
export function upcomingEvents(entries: readonly EventEntry[], league: League, today: string): UpcomingEventView[] {
  return entries
    .map((entry) => upcomingEventView(entry, league, today))
    .filter((view) => view.on >= today)
    .sort((a, b) => a.on.localeCompare(b.on) || a.title.localeCompare(b.title));
}
