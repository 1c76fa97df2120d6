/** League facts the staff pages take from the league content file at build time (so islands ship no zod). */
import type { SessionInfo } from '../../league/admin/registrations';
import type { League } from '../../league/rules/league';

export interface LeagueFacts {
  sessions: SessionInfo[];
  teeTimes: Pick<League['teeTimes'], 'days' | 'slots'>;
}
