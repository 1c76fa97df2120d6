import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../../tests/support/fake-fetch';
import { WIZARD_NOW, wizardLeague } from '../../../../tests/support/wizard-league';
import { LEAGUE_MESSAGES } from '../contract/form-texts';
import { emptyEntry, type LeagueEntryValues } from './draft';
import { firstErrorField, register, SUBMIT_TEXT, validateEntry } from './wizard-submit';
import { initialWizard, reduceWizard, type WizardEvent } from './wizard-state';

const entry = (first: string): LeagueEntryValues => ({
  teamName: 'Birdie Kings',
  teeTimeDay: 'monday',
  teeTimeSlot: '6pm',
  player1FirstName: first,
  player1LastName: 'Lee',
  player1Email: 'ann@example.com',
  player1Phone: '608-555-0101',
  player2FirstName: 'Bo',
  player2LastName: 'Park',
  player2Email: 'bo@example.com',
  player2Phone: '608-555-0102',
});
const availability = { capacityPerTeeTime: 1, sessions: [{ id: 'winter', open: true, full: false, fullTeeTimes: ['monday-6pm'] }] };
/** Spring then winter ticked, both forms filled as given. */
const chosen = (winter: LeagueEntryValues, spring: LeagueEntryValues, ...more: WizardEvent[]) =>
  [{ type: 'restore', draft: { step: 2, selected: ['spring', 'winter'], entries: { winter, spring } } } as WizardEvent, ...more].reduce(reduceWizard, initialWizard(wizardLeague, WIZARD_NOW));

describe('checking a session’s entry', () => {
  it('passes a complete entry and names every missing field with the form’s messages', () => {
    const state = chosen(entry('Ann'), entry('Cy'));
    expect(validateEntry(state, 'winter', entry('Ann'))).toEqual({});
    expect(validateEntry(state, 'winter', emptyEntry())).toEqual({
      teeTimeDay: LEAGUE_MESSAGES.teeTimeDay,
      teeTimeSlot: LEAGUE_MESSAGES.teeTimeSlot,
      player1FirstName: LEAGUE_MESSAGES.firstName,
      player1LastName: LEAGUE_MESSAGES.lastName,
      player1Email: LEAGUE_MESSAGES.email,
      player1Phone: LEAGUE_MESSAGES.phone,
      player2FirstName: LEAGUE_MESSAGES.firstName,
      player2LastName: LEAGUE_MESSAGES.lastName,
      player2Email: LEAGUE_MESSAGES.email,
      player2Phone: LEAGUE_MESSAGES.phone,
    });
  });

  it('refuses a tee time the server says is full, in that session only', () => {
    const state = chosen(entry('Ann'), entry('Cy'), { type: 'availability', availability });
    expect(validateEntry(state, 'winter', entry('Ann'))).toEqual({ teeTimeSlot: SUBMIT_TEXT.teeTimeFull });
    expect(validateEntry(state, 'spring', entry('Ann'))).toEqual({});
  });
});

describe('the focus after a check', () => {
  it('goes to the first field with an error in the form’s order; none for an error of no field', () => {
    expect(firstErrorField({ player1Email: LEAGUE_MESSAGES.email, teeTimeDay: LEAGUE_MESSAGES.teeTimeDay })).toBe('teeTimeDay');
    expect(firstErrorField({ sessionId: 'Unknown league session' })).toBeUndefined();
  });
});

describe('registering', () => {
  it('sends every chosen session in the league’s order and answers the Checkout page', async () => {
    const fetcher = fakeFetch({ status: 200, body: { checkoutUrl: 'https://checkout.example/cs_1' } });
    expect(await register(chosen(entry('Ann'), entry('Cy')), fetcher)).toEqual({ type: 'checkout', url: 'https://checkout.example/cs_1' });
    expect(fetcher.calls).toEqual([
      {
        url: '/api/league-registration-multi',
        method: 'POST',
        body: { sessionRegistrations: [{ sessionId: 'winter', ...entry('Ann') }, { sessionId: 'spring', ...entry('Cy') }] },
      },
    ]);
  });

  it('an invalid session is shown at its step, and nothing is sent', async () => {
    const fetcher = fakeFetch({ status: 200, body: { checkoutUrl: 'unused' } });
    expect(await register(chosen({ ...entry('Ann'), player1Email: 'ann@' }, entry('Cy')), fetcher)).toEqual({ type: 'sessionInvalid', step: 1, errors: { player1Email: LEAGUE_MESSAGES.email } });
    expect(await register(chosen(entry('Ann'), { ...entry('Cy'), teeTimeDay: '' }), fetcher)).toEqual({ type: 'sessionInvalid', step: 2, errors: { teeTimeDay: LEAGUE_MESSAGES.teeTimeDay } });
    expect(fetcher.calls).toEqual([]);
  });

  it('a refusal or a lost connection fails with what went wrong, for the toast', async () => {
    const refused = await register(chosen(entry('Ann'), entry('Cy')), fakeFetch({ status: 409, body: '{"error":"Monday 6:00 PM is full for Fall Session."}' }));
    expect(refused).toEqual({ type: 'failed', message: '409: {"error":"Monday 6:00 PM is full for Fall Session."}' });
    expect(await register(chosen(entry('Ann'), entry('Cy')), fakeFetch('offline'))).toEqual({ type: 'failed', message: 'Failed to fetch' });
  });
});
