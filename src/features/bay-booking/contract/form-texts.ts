/** The bay booking form's field messages, free of zod so the /book island ships them cheaply. */
export const BAY_BOOKING_MESSAGES = {
  date: 'Please choose a date',
  start: 'Please choose a start time',
  length: 'Please choose how long you want to play',
  partySize: 'Please choose how many guests are playing',
  bayType: 'Please choose a bay',
  name: 'Name is required',
  email: 'Valid email is required',
  phone: 'Valid phone number is required',
  reason: 'Please say why the bay is blocked',
} as const;
