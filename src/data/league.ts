import raw from '../content/league.json';
import { parseContentFile } from '../domain/content-file';
import { leagueSchema } from '../domain/league';

/** League sessions, tee times, price and capacity, validated (src/content/league.json). */
export const league = parseContentFile('src/content/league.json', leagueSchema, raw);
