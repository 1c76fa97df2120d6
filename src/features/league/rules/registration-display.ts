/**
 * What the league's static pages print about registration, and when each text holds: the pages are
 * built once a day, so every state the league will pass through is printed with its stretches of time
 * (calendar-spans.ts) and the page's script shows the one holding at the visitor's clock.
 */
import type { Span } from '../../../domain/calendar-spans';
import { REGISTRATION_TEXTS } from '../contract/registration-texts';
import type { League } from './league';
import { closingPhrase, openingPhrase, registrationTimeline, sessionWindows } from './registration-window';

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);

/** A text and the stretches it holds for. */
export interface TimedText {
  text: string;
  spans: Span[];
}

export interface RegistrationDisplay {
  /** While some session takes registrations: the register buttons and the wizard. */
  open: Span[];
  /** While none does: what opens next, or "opens soon" (with `soon` set), each with its stretches. */
  closed: Array<TimedText & { soon: boolean }>;
  /** Every session's own line, by session id: open until…, opens…, closed. */
  sessions: Record<string, TimedText[]>;
}

const spanOf = (from: string | null, until: string | null): Span => ({ from, until });

export function registrationDisplay(league: Pick<League, 'sessions' | 'teeTimes'>): RegistrationDisplay {
  const sessions = sessionWindows(league);
  const timeline = registrationTimeline(sessions);
  const open = timeline.filter((span) => span.state.kind === 'open').map(({ from, until }) => spanOf(from, until));
  const closed = new Map<string, TimedText & { soon: boolean }>();
  for (const span of timeline) {
    const { state } = span;
    if (state.kind === 'open') continue;
    const session = state.kind === 'opens' ? sessions.find((candidate) => candidate.id === state.sessionId)! : undefined;
    const text = state.kind === 'opens' ? fill(REGISTRATION_TEXTS.opens, { session: session!.name, when: openingPhrase(state.opensAt) }) : REGISTRATION_TEXTS.soon;
    const entry = closed.get(text) ?? { text, spans: [], soon: state.kind === 'soon' };
    entry.spans.push(spanOf(span.from, span.until));
    closed.set(text, entry);
  }
  const lines = Object.fromEntries(
    sessions.map((session): [string, TimedText[]] => {
      if (!session.open) return [session.id, [{ text: REGISTRATION_TEXTS.sessionClosed, spans: [spanOf(null, null)] }]];
      const before: TimedText[] = session.opensAt ? [{ text: fill(REGISTRATION_TEXTS.sessionOpens, { when: openingPhrase(session.opensAt) }), spans: [spanOf(null, session.opensAt)] }] : [];
      return [
        session.id,
        [
          ...before,
          { text: fill(REGISTRATION_TEXTS.sessionOpen, { until: closingPhrase(session.closesAt) }), spans: [spanOf(session.opensAt, session.closesAt)] },
          { text: REGISTRATION_TEXTS.sessionClosed, spans: [spanOf(session.closesAt, null)] },
        ],
      ];
    }),
  );
  return { open, closed: [...closed.values()], sessions: lines };
}
