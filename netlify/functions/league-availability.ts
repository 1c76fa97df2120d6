import type { Config } from '@netlify/functions';
import { leagueAvailability } from '../../src/domain/api/league-availability';
import { handle } from '../../src/server/handle';
import { answer } from '../../src/server/http';
import { currentAvailability } from '../../src/server/league/availability';

/** GET /api/league-availability: which league sessions and tee times still take teams (the wizard greys out the rest). */
export default handle(['GET'], async () => answer(leagueAvailability, await currentAvailability()));

export const config: Config = { path: '/api/league-availability' };
