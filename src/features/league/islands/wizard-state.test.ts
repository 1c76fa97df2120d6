import { describe, expect, it } from 'vitest';
import { WIZARD_NOW as NOW, wizardLeague as league } from '../../../../tests/support/wizard-league';
import type { LeagueAvailability } from '../contract/league-availability';
import { emptyEntry, parseDraft, type LeagueEntryValues } from './draft';
import { draftOf, initialWizard, isFull, isSelectable, orderedSelection, reduceWizard, stepOf, type WizardEvent, type WizardState } from './wizard-state';

const run = (state: WizardState, ...events: WizardEvent[]) => events.reduce(reduceWizard, state);
const start = () => run(initialWizard(league, NOW), { type: 'restore', draft: null });
const ann: LeagueEntryValues = { ...emptyEntry(), teamName: 'Birdie Kings', teeTimeDay: 'monday', teeTimeSlot: '6pm', player1FirstName: 'Ann', player2FirstName: 'Bo' };
const availability = (sessions: LeagueAvailability['sessions']): LeagueAvailability => ({ capacityPerTeeTime: 1, sessions });
/** Winter and spring chosen (spring ticked first) and Continue pressed. */
const onFirstSession = () => run(start(), { type: 'toggle', sessionId: 'spring' }, { type: 'toggle', sessionId: 'winter' }, { type: 'continue' });

describe('choosing sessions', () => {
  it('offers sessions that take registrations at the moment the page opened, by the calendar and the server', () => {
    const state = start();
    expect(['fall', 'winter', 'spring', 'summer'].map((id) => isSelectable(state, id))).toEqual([false, true, true, false]);
    const answered = reduceWizard(state, { type: 'availability', availability: availability([{ id: 'winter', open: true, full: true, fullTeeTimes: [] }, { id: 'spring', open: false, full: false, fullTeeTimes: [] }]) });
    expect(isFull(answered, 'winter')).toBe(true);
    expect(['winter', 'spring'].map((id) => isSelectable(answered, id))).toEqual([false, false]);
  });

  it('ticks and unticks sessions; one that cannot be chosen is not ticked', () => {
    const state = run(start(), { type: 'toggle', sessionId: 'spring' }, { type: 'toggle', sessionId: 'winter' }, { type: 'toggle', sessionId: 'fall' });
    expect(state.selected).toEqual(['spring', 'winter']);
    expect(orderedSelection(state)).toEqual(['winter', 'spring']);
    expect(stepOf(state)).toMatchObject({ sessionCount: 2, total: 1400 });
    expect(reduceWizard(state, { type: 'toggle', sessionId: 'spring' }).selected).toEqual(['winter']);
  });

  it('Continue needs a session; it puts the sessions in the league’s order and opens the first one’s form', () => {
    const none = start();
    expect(reduceWizard(none, { type: 'continue' })).toBe(none);
    const state = onFirstSession();
    expect(state).toMatchObject({ step: 1, selected: ['winter', 'spring'], errors: {} });
    expect(stepOf(state)).toMatchObject({ sessionId: 'winter', session: { name: 'Winter Session' }, previousSessionId: undefined, isLast: false });
  });

  it('a session the server says is full or closed is unticked, and the step stays within what is left', () => {
    const onSecond = run(onFirstSession(), { type: 'checked', errors: {} });
    expect(onSecond.step).toBe(2);
    const answered = reduceWizard(onSecond, { type: 'availability', availability: availability([{ id: 'winter', open: true, full: true, fullTeeTimes: [] }]) });
    expect(answered).toMatchObject({ selected: ['spring'], step: 1 });
    expect(stepOf(answered)).toMatchObject({ sessionId: 'spring', isLast: true });
  });
});

describe('the session forms', () => {
  it('typing fills the current session’s entry only', () => {
    const state = run(onFirstSession(), { type: 'field', name: 'teamName', value: 'Birdie Kings' });
    expect(state.entries).toEqual({ winter: { ...emptyEntry(), teamName: 'Birdie Kings' } });
    expect(stepOf(state).values.teamName).toBe('Birdie Kings');
    const nothingOpen = start();
    expect(reduceWizard(nothingOpen, { type: 'field', name: 'teamName', value: 'x' })).toBe(nothingOpen);
  });

  it('Next with errors shows them and stays', () => {
    const errors = { player1Email: 'Valid email is required', teeTimeDay: 'Please select a day' };
    const state = reduceWizard(onFirstSession(), { type: 'checked', errors });
    expect(state).toMatchObject({ step: 1, errors, pending: false });
  });

  it('a valid step moves on; on the last one it goes on to payment', () => {
    const second = run(onFirstSession(), { type: 'checked', errors: { teamName: 'x' } }, { type: 'checked', errors: {} });
    expect(second).toMatchObject({ step: 2, errors: {}, pending: false });
    expect(stepOf(second)).toMatchObject({ sessionId: 'spring', previousSessionId: 'winter', isLast: true });
    expect(reduceWizard(second, { type: 'checked', errors: {} })).toMatchObject({ step: 2, pending: true });
  });

  it('Previous keeps what was typed, clears the errors, and stops at the session choice', () => {
    const typed = run(onFirstSession(), { type: 'field', name: 'player1FirstName', value: 'Ann' }, { type: 'checked', errors: { player1LastName: 'Last name is required' } });
    const back = reduceWizard(typed, { type: 'previous' });
    expect(back).toMatchObject({ step: 0, errors: {}, entries: { winter: { player1FirstName: 'Ann' } } });
    expect(reduceWizard(back, { type: 'previous' }).step).toBe(0);
    expect(stepOf(reduceWizard(back, { type: 'continue' })).values.player1FirstName).toBe('Ann');
  });

  it('copies from the previous session into the current one, says so, then fades', () => {
    const first = run(onFirstSession(), ...Object.entries(ann).map(([name, value]) => ({ type: 'field', name, value }) as WizardEvent));
    expect(reduceWizard(first, { type: 'copy', action: 'all' })).toBe(first);
    const second = reduceWizard(first, { type: 'checked', errors: {} });
    const copied = reduceWizard(second, { type: 'copy', action: 'teamName' });
    expect(copied.copied).toBe('teamName');
    expect(copied.entries['spring']).toEqual({ ...emptyEntry(), teamName: 'Birdie Kings' });
    const all = reduceWizard(copied, { type: 'copy', action: 'all' });
    expect(all.entries['spring']).toEqual({ ...ann, teeTimeDay: '', teeTimeSlot: '' });
    expect(reduceWizard(all, { type: 'copyFaded' }).copied).toBeNull();
  });

  it('payment: an invalid session found on the way is shown; a refusal lets the visitor try again', () => {
    const paying = run(onFirstSession(), { type: 'checked', errors: {} }, { type: 'checked', errors: {} });
    const invalid = reduceWizard(paying, { type: 'sessionInvalid', step: 1, errors: { player1Email: 'Valid email is required' } });
    expect(invalid).toMatchObject({ step: 1, pending: false, errors: { player1Email: 'Valid email is required' } });
    expect(reduceWizard(paying, { type: 'failed', message: '409: full' })).toMatchObject({ step: 2, pending: false });
  });
});

describe('the draft across reloads', () => {
  it('is saved only once read, with the step, the ticked sessions and what was typed', () => {
    expect(initialWizard(league, NOW).restored).toBe(false);
    const state = run(onFirstSession(), { type: 'field', name: 'teamName', value: 'Birdie Kings' });
    expect(state.restored).toBe(true);
    expect(draftOf(state)).toEqual({ step: 1, selected: ['winter', 'spring'], entries: { winter: { ...emptyEntry(), teamName: 'Birdie Kings' } } });
  });

  it('restores what was saved: sessions, entries and step', () => {
    const saved = draftOf(run(onFirstSession(), { type: 'field', name: 'teamName', value: 'Birdie Kings' }, { type: 'checked', errors: {} }));
    const draft = parseDraft(JSON.stringify(saved), league.sessions.map((one) => one.id));
    const restored = reduceWizard(initialWizard(league, NOW), { type: 'restore', draft });
    expect(restored).toMatchObject({ restored: true, step: 2, selected: ['winter', 'spring'], entries: saved.entries });
    expect(stepOf(restored)).toMatchObject({ sessionId: 'spring', previousSessionId: 'winter' });
  });

  it('drops sessions that can no longer be chosen and keeps the step within the rest', () => {
    const draft = { step: 2, selected: ['fall', 'winter'], entries: { fall: ann, winter: ann } };
    const restored = reduceWizard(initialWizard(league, NOW), { type: 'restore', draft });
    expect(restored).toMatchObject({ restored: true, selected: ['winter'], step: 1, entries: draft.entries });
    expect(stepOf(restored)).toMatchObject({ sessionId: 'winter', isLast: true });
  });

  it('without a draft starts at the session choice, ready to save', () => {
    expect(reduceWizard(initialWizard(league, NOW), { type: 'restore', draft: null })).toMatchObject({ restored: true, step: 0, selected: [], entries: {} });
  });
});
