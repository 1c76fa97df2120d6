import raw from '../content/league.json';
import { parseContentFile } from '../domain/content-file';
import { contentFiles, contentPath } from '../domain/content-files';

/** League sessions, tee times, price and capacity, validated (src/content/league.json); it names no other file. */
export const league = parseContentFile(contentPath('league'), contentFiles.league.schema, raw);
