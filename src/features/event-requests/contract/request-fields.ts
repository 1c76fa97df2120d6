/**
 * The event booking form's fixed facts, free of zod so the dialog ships them cheaply: the time
 * options, the messages and the starting values. The schema is request-form.ts.
 */
import { clockSlots, formatClock } from '../../../domain/clock';

/** Start and end times offered: half-hour slots from 11:00 AM to 10:30 PM (24 options). */
export const EVENT_TIME_OPTIONS: readonly string[] = clockSlots(11 * 60, 22 * 60 + 30, 30).map((minute) => formatClock(minute, 'full'));

export const EVENT_REQUEST_MESSAGES = {
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
  phone: 'Phone number must be at least 10 digits',
  email: 'Please enter a valid email address',
  occasion: 'Please specify the occasion',
  partySize: 'Party size must be at least 1 person',
  eventDate: 'Please select an event date',
  startTime: 'Please select a start time',
  endTime: 'Please select an end time',
} as const;

/** The form's starting values: every field empty, a party of 1. */
export const EVENT_REQUEST_DEFAULTS = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  occasion: '',
  partySize: 1,
  eventDate: '',
  startTime: '',
  endTime: '',
  additionalRequests: '',
} as const satisfies Record<string, string | number>;
