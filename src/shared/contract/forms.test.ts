import { describe, expect, it } from 'vitest';
import { sampleLeagueEntry } from '../../../tests/support/sample-requests';
import { league } from '../../features/league/catalogue';
import { EVENT_TIME_OPTIONS, eventRequestFormSchema } from '../../features/event-requests/contract/request-form';
import { leagueRegistrationSchema } from '../../features/league/contract/registration-form';
import { memberLoginSchema } from '../../features/memberships/contract/member-login-form';
import { adminLoginSchema } from '../../features/staff/contract/login-form';
import { fieldErrors } from './field-errors';

const booking = {
  firstName: 'Jo',
  lastName: 'Ng',
  phone: '6085551234',
  email: 'jo@example.com',
  occasion: 'Birthday',
  partySize: 12,
  eventDate: '2026-03-14',
  startTime: '6:00 PM',
  endTime: '9:30 PM',
  additionalRequests: '',
};

function errorsOf(schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}

describe('event booking schema', () => {
  it('offers the 24 half-hour slots from 11:00 AM to 10:30 PM', () => {
    expect(EVENT_TIME_OPTIONS).toHaveLength(24);
    expect(EVENT_TIME_OPTIONS[0]).toBe('11:00 AM');
    expect(EVENT_TIME_OPTIONS[1]).toBe('11:30 AM');
    expect(EVENT_TIME_OPTIONS[2]).toBe('12:00 PM');
    expect(EVENT_TIME_OPTIONS.at(-1)).toBe('10:30 PM');
  });

  it('accepts a complete request and converts the party size', () => {
    const parsed = eventRequestFormSchema.parse({ ...booking, partySize: '200' });
    expect(parsed.partySize).toBe(200);
    expect(eventRequestFormSchema.parse({ ...booking, additionalRequests: undefined }).additionalRequests).toBeUndefined();
  });

  it('answers every rule with its message', () => {
    expect(
      errorsOf(eventRequestFormSchema, {
        firstName: 'J',
        lastName: 'N',
        phone: '608-555',
        email: 'not-an-address',
        occasion: '',
        partySize: 0,
        eventDate: '',
        startTime: '',
        endTime: '',
      }),
    ).toEqual({
      firstName: 'First name must be at least 2 characters', lastName: 'Last name must be at least 2 characters',
      phone: 'Phone number must be at least 10 digits', email: 'Please enter a valid email address', occasion: 'Please specify the occasion',
      partySize: 'Party size must be at least 1 person', eventDate: 'Please select an event date',
      startTime: 'Please select a start time', endTime: 'Please select an end time',
    });
  });

  it('uses the field messages when fields are missing or of the wrong type', () => {
    const errors = errorsOf(eventRequestFormSchema, { partySize: 'many' });
    expect(errors['firstName']).toBe('First name must be at least 2 characters');
    expect(errors['partySize']).toBe('Party size must be at least 1 person');
    expect(errors['startTime']).toBe('Please select a start time');
  });

  it('checks the phone by length only, with no upper bound on the party size and no date check', () => {
    expect(eventRequestFormSchema.safeParse({ ...booking, phone: '(608) 555-' }).success).toBe(true);
    expect(eventRequestFormSchema.safeParse({ ...booking, partySize: 100000 }).success).toBe(true);
    expect(eventRequestFormSchema.safeParse({ ...booking, eventDate: '2001-01-01', startTime: '10:30 PM', endTime: '11:00 AM' }).success).toBe(true);
  });

  it('converts only numbers and numeric text to a party size, never other JSON types', () => {
    for (const partySize of [true, false, null, [5], ['7'], [], {}, { value: 5 }]) {
      expect(errorsOf(eventRequestFormSchema, { ...booking, partySize }), JSON.stringify(partySize)).toEqual({ partySize: 'Party size must be at least 1 person' });
    }
    for (const partySize of ['0', '', '  ', 'many', 'Infinity', '1e999', 0.5]) {
      expect(errorsOf(eventRequestFormSchema, { ...booking, partySize }), JSON.stringify(partySize)).toEqual({ partySize: 'Party size must be at least 1 person' });
    }
    expect(eventRequestFormSchema.parse({ ...booking, partySize: ' 12 ' }).partySize).toBe(12);
    expect(eventRequestFormSchema.parse({ ...booking, partySize: 1.5 }).partySize).toBe(1.5);
  });

  it('refuses times outside the offered slots', () => {
    expect(errorsOf(eventRequestFormSchema, { ...booking, startTime: '3:15 AM' })).toEqual({ startTime: 'Please select a start time' });
  });
});

const entry = sampleLeagueEntry('fall', 'form');

describe('league registration schema', () => {
  const schema = leagueRegistrationSchema(league);

  it('accepts one entry per session, team name optional', () => {
    const { teamName: _omitted, ...withoutTeam } = entry;
    expect(schema.safeParse({ sessionRegistrations: [entry, { ...withoutTeam, sessionId: 'winter' }] }).success).toBe(true);
  });

  it('requires at least one session', () => {
    expect(errorsOf(schema, { sessionRegistrations: [] })).toEqual({ sessionRegistrations: 'Please select at least one session.' });
    expect(errorsOf(schema, {})).toEqual({ sessionRegistrations: 'Please select at least one session.' });
  });

  it('answers every rule with its message, keyed by entry', () => {
    const bad = {
      ...entry,
      teeTimeDay: '',
      teeTimeSlot: 'noon',
      player1FirstName: ' ',
      player1LastName: '',
      player1Email: 'ann@',
      player1Phone: '123',
      player2FirstName: '',
      player2LastName: '',
      player2Email: '',
      player2Phone: '',
    };
    expect(errorsOf(schema, { sessionRegistrations: [entry, bad] })).toEqual({
      'sessionRegistrations.1.teeTimeDay': 'Please select a day',
      'sessionRegistrations.1.teeTimeSlot': 'Please select a time',
      'sessionRegistrations.1.player1FirstName': 'First name is required',
      'sessionRegistrations.1.player1LastName': 'Last name is required',
      'sessionRegistrations.1.player1Email': 'Valid email is required',
      'sessionRegistrations.1.player1Phone': 'Valid phone number is required',
      'sessionRegistrations.1.player2FirstName': 'First name is required',
      'sessionRegistrations.1.player2LastName': 'Last name is required',
      'sessionRegistrations.1.player2Email': 'Valid email is required',
      'sessionRegistrations.1.player2Phone': 'Valid phone number is required',
    });
  });
});

describe('member and admin login schemas', () => {
  it('requires a valid e-mail for member login', () => {
    expect(memberLoginSchema.parse({ email: ' pat@example.com ' }).email).toBe('pat@example.com');
    expect(errorsOf(memberLoginSchema, { email: 'pat' })).toEqual({ email: 'Please enter a valid email address' });
    expect(errorsOf(memberLoginSchema, {})).toEqual({ email: 'Please enter a valid email address' });
  });

  it('requires the admin password', () => {
    expect(adminLoginSchema.safeParse({ password: 'x' }).success).toBe(true);
    expect(errorsOf(adminLoginSchema, { password: '' })).toEqual({ password: 'Password is required' });
  });
});

describe('fieldErrors', () => {
  it('keeps the first message of each field and names root issues _form', () => {
    const result = memberLoginSchema.safeParse('nope');
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(fieldErrors(result.error))).toEqual(['_form']);
  });
});
