import type { Config } from '@netlify/functions';
import { leagueAvailability } from '../../src/features/league/contract/league-availability';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { currentAvailability } from '../../src/features/league/server/availability';
import { calendarNow } from '../../src/shared/server/calendar-clock';

/** GET /api/league-availability: which league sessions and tee times still take teams (the wizard greys out the rest). */
export default handle(['GET'], async () => answer(leagueAvailability, await currentAvailability({ calendar: calendarNow() })));

export const config: Config = { path: '/api/league-availability' };
