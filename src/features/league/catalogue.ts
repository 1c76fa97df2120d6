import raw from '../../content/league.json';
import { contentPath, parseContentFile } from '../../domain/content-file';
import { leagueSchema } from './rules/league';

/** League sessions, tee times, price and capacity, validated (src/content/league.json); it names no other file. */
export const league = parseContentFile(contentPath('league'), leagueSchema, raw);
