import raw from '../../content/league-play.json';
import { contentPath, parseContentFile } from '../../domain/content-file';
import { leaguePlaySchema } from './rules/play-content';

/** How league play is scored (src/content/league-play.json), validated; it names no other file. */
export const leaguePlay = parseContentFile(contentPath('league-play'), leaguePlaySchema, raw);
