// Valid request bodies shared by the integration, reliability and benchmark code. Each carries a tag
// in its e-mail addresses (and the booking in its notes), so many of them can be stored side by side.

/** One session of a league registration: a two-person team on Monday at 6 PM. */
export function sampleLeagueEntry(sessionId: string, tag: string) {
  return {
    sessionId,
    teamName: `Team ${tag}`,
    teeTimeDay: 'monday',
    teeTimeSlot: '6pm',
    player1FirstName: 'Ann',
    player1LastName: 'Lee',
    player1Email: `ann.${tag}@example.com`,
    player1Phone: '6085550101',
    player2FirstName: 'Bo',
    player2LastName: 'Park',
    player2Email: `bo.${tag}@example.com`,
    player2Phone: '6085550102',
  };
}

/** An event booking request. */
export function sampleBooking(tag: string) {
  return {
    firstName: 'Jordan',
    lastName: 'Miller',
    phone: '6085550142',
    email: `${tag}@example.com`,
    occasion: 'Team event',
    partySize: 10,
    eventDate: '2026-10-10',
    startTime: '7:00 PM',
    endTime: '10:00 PM',
    additionalRequests: tag,
  };
}

/** The event request the integration and unit tests read back field by field: a company party. */
export const SAMPLE_EVENT_REQUEST = {
  firstName: 'Jamie',
  lastName: 'Rivera',
  phone: '608-555-0142',
  email: 'jamie@example.com',
  occasion: 'Company party',
  partySize: 24,
  eventDate: '2026-02-20',
  startTime: '6:00 PM',
  endTime: '9:00 PM',
  additionalRequests: 'Pizza for everyone',
};

/** A league entry with fixed names and contacts, for tests that read them back in mail and lists. */
export const sandTrappersEntry = (sessionId: string, overrides: Record<string, string> = {}) => ({
  sessionId,
  teamName: 'Sand Trappers',
  teeTimeDay: 'monday',
  teeTimeSlot: '6pm',
  player1FirstName: 'Ann',
  player1LastName: 'Lee',
  player1Email: 'ann@example.com',
  player1Phone: '608-555-0001',
  player2FirstName: 'Bo',
  player2LastName: 'Park',
  player2Email: 'bo@example.com',
  player2Phone: '608-555-0002',
  ...overrides,
});
