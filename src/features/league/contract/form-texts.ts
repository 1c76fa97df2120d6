/** The league wizard's field and toast messages, free of zod so the wizard ships them cheaply. */
export const LEAGUE_MESSAGES = {
  teeTimeDay: 'Please select a day',
  teeTimeSlot: 'Please select a time',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Valid email is required',
  phone: 'Valid phone number is required',
  sessionsRequired: 'Please select at least one session.',
  sessionsRequiredTitle: 'Sessions Required',
} as const;
