/**
 * The league registration wizard as data: step 0 chooses sessions, step n is the form of the n-th
 * chosen session (in the league's order); what was typed per session, the errors shown, and the
 * payment in progress. Pure: the island renders it and dispatches; wizard-calls.ts and
 * wizard-submit.ts turn the server's answers and the checks into events, draft.ts keeps what was
 * typed across reloads.
 */
import type { LeagueAvailability } from '../contract/league-availability';
import { LEAGUE_MESSAGES } from '../contract/form-texts';
import type { FieldErrors } from '../../../shared/contract/field-errors';
import { isSessionOpen, registrationTotal, type LeagueSummary } from '../rules/league-rules';
import { copyFromPrevious, emptyEntry, type CopyAction, type LeagueDraft, type LeagueEntryValues } from './draft';

export type WizardLeague = LeagueSummary;

export const WIZARD_TEXT = {
  sessionsRequired: { title: LEAGUE_MESSAGES.sessionsRequiredTitle, description: LEAGUE_MESSAGES.sessionsRequired },
  failed: { title: 'Registration Failed' },
  copiedMs: 2000,
} as const;

export interface WizardState {
  league: WizardLeague;
  /** When the page was opened: a session whose registration had closed by then cannot be chosen. */
  now: Date;
  /** 0: choosing sessions; n: the form of the n-th chosen session. Never past the chosen sessions. */
  step: number;
  /** Session ids in the order they were ticked; Continue puts them in the league's order. */
  selected: string[];
  entries: Record<string, LeagueEntryValues>;
  errors: FieldErrors;
  /** The copy button that just copied (it says so for a moment). */
  copied: CopyAction | null;
  /** Registering and on the way to Checkout. */
  pending: boolean;
  /** The stored draft was read: from then on every change is saved. */
  restored: boolean;
  /** Full sessions and tee times, once the server has said (it enforces them anyway). */
  availability: LeagueAvailability | null;
}

export type WizardEvent =
  | { type: 'availability'; availability: LeagueAvailability }
  | { type: 'restore'; draft: LeagueDraft | null }
  | { type: 'toggle'; sessionId: string }
  | { type: 'continue' }
  | { type: 'previous' }
  | { type: 'field'; name: keyof LeagueEntryValues; value: string }
  | { type: 'copy'; action: CopyAction }
  | { type: 'copyFaded' }
  | { type: 'checked'; errors: FieldErrors }
  | { type: 'sessionInvalid'; step: number; errors: FieldErrors }
  | { type: 'failed'; message: string };

export function initialWizard(league: WizardLeague, now: Date): WizardState {
  return { league, now, step: 0, selected: [], entries: {}, errors: {}, copied: null, pending: false, restored: false, availability: null };
}

export const sessionAvailability = (state: WizardState, id: string) => state.availability?.sessions.find((session) => session.id === id);
export const isFull = (state: WizardState, id: string) => sessionAvailability(state, id)?.full === true;

/** A session can be chosen while it takes registrations (by the calendar and by the server) and is not full. */
export function isSelectable(state: WizardState, id: string): boolean {
  const session = state.league.sessions.find((candidate) => candidate.id === id);
  return !!session && isSessionOpen(session, state.now) && sessionAvailability(state, id)?.open !== false && !isFull(state, id);
}

/** The chosen sessions in the league's order. */
export const orderedSelection = (state: WizardState) => state.league.sessions.map((session) => session.id).filter((id) => state.selected.includes(id));

/** The step on screen: its session, the one before it (to copy from), what was typed, and whether it is the last. */
export function stepOf(state: WizardState) {
  const ordered = orderedSelection(state);
  const sessionId = state.step > 0 ? ordered[state.step - 1] : undefined;
  return {
    sessionId,
    session: state.league.sessions.find((session) => session.id === sessionId),
    previousSessionId: state.step > 1 ? ordered[state.step - 2] : undefined,
    values: (sessionId && state.entries[sessionId]) || emptyEntry(),
    isLast: state.step > 0 && state.step === ordered.length,
    sessionCount: ordered.length,
    total: registrationTotal(state.league, ordered.length),
  };
}

/** What a reload keeps. */
export const draftOf = ({ step, selected, entries }: WizardState): LeagueDraft => ({ step, selected, entries });

/** Keeps only sessions that can still be chosen, and the step within them. */
function keepSelectable(state: WizardState, selected: readonly string[]): WizardState {
  const kept = selected.filter((id) => isSelectable(state, id));
  return { ...state, selected: kept, step: Math.min(state.step, kept.length) };
}

function setEntry(state: WizardState, change: (entry: LeagueEntryValues, previous: LeagueEntryValues | undefined) => LeagueEntryValues): WizardState {
  const { sessionId, previousSessionId } = stepOf(state);
  if (!sessionId) return state;
  const previous = previousSessionId ? (state.entries[previousSessionId] ?? emptyEntry()) : undefined;
  return { ...state, entries: { ...state.entries, [sessionId]: change(state.entries[sessionId] ?? emptyEntry(), previous) } };
}

export function reduceWizard(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case 'availability': {
      const next = { ...state, availability: event.availability };
      return keepSelectable(next, next.selected);
    }
    case 'restore':
      if (!event.draft) return { ...state, restored: true };
      return keepSelectable({ ...state, restored: true, entries: event.draft.entries, step: event.draft.step }, event.draft.selected);
    case 'toggle':
      if (state.selected.includes(event.sessionId)) return { ...state, selected: state.selected.filter((id) => id !== event.sessionId) };
      return isSelectable(state, event.sessionId) ? { ...state, selected: [...state.selected, event.sessionId] } : state;
    case 'continue': {
      const ordered = orderedSelection(state);
      return ordered.length === 0 ? state : { ...state, selected: ordered, errors: {}, step: 1 };
    }
    case 'previous':
      // Going back keeps what was typed, unvalidated.
      return { ...state, errors: {}, step: Math.max(0, state.step - 1) };
    case 'field':
      return setEntry(state, (entry) => ({ ...entry, [event.name]: event.value }));
    case 'copy': {
      if (!stepOf(state).previousSessionId) return state;
      return { ...setEntry(state, (entry, previous) => copyFromPrevious(entry, previous ?? emptyEntry(), event.action)), copied: event.action };
    }
    case 'copyFaded':
      return { ...state, copied: null };
    case 'checked': {
      // Next: a valid step moves on; the last one goes on to payment.
      if (Object.keys(event.errors).length > 0) return { ...state, errors: event.errors };
      return stepOf(state).isLast ? { ...state, errors: {}, pending: true } : { ...state, errors: {}, step: state.step + 1 };
    }
    case 'sessionInvalid':
      return { ...state, step: event.step, errors: event.errors, pending: false };
    case 'failed':
      return { ...state, pending: false };
  }
}
