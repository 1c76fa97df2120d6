import { leagueShape } from './league-schema';
import { closingTime, endOfVenueDay } from './registration-window';

/**
 * League sessions, tee times, price and capacity (src/content/league.json). The league page renders
 * them, the wizard offers them, and the server charges from them.
 *
 * The league with its dates checked: a session ends on or after it starts, registration closes by the
 * end of its last day and opens before it closes, so no content can sell a session that is over.
 */
export const leagueSchema = leagueShape.superRefine((league, context) => {
  league.sessions.forEach((session, index) => {
    const issue = (field: string, message: string) => context.addIssue({ code: 'custom', path: ['sessions', index, field], message });
    if (session.endDate < session.startDate) issue('endDate', `is before the first day (${session.startDate})`);
    const end = endOfVenueDay(session.endDate);
    if (session.closesAt && Date.parse(session.closesAt) > end.getTime()) {
      issue('closesAt', `is after the session's last day (${session.endDate}): registration must close by the end of that day`);
    }
    if (session.opensAt && Date.parse(session.opensAt) >= closingTime(league, session).getTime()) {
      issue('opensAt', `is not before registration closes (${closingTime(league, session).toISOString()})`);
    }
  });
});

/**
 * Which run of a session: its id and first day ("winter@2026-12-07"). Ids come back every season as the
 * content rolls forward, so what belongs to one season's session is keyed by this.
 */
export const sessionRunId = (session: { id: string; startDate: string }) => `${session.id}@${session.startDate}`;

export * from './league-schema';
export * from './league-rules';
