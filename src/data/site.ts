import raw from '../content/site.json';
import { parseContentFile } from '../domain/content-file';
import { contentFiles, contentPath } from '../domain/content-files';

/** The validated site settings (src/content/site.json); it names no other file. A malformed file fails the build naming the field. */
export const site = parseContentFile(contentPath('site'), contentFiles.site.schema, raw);
