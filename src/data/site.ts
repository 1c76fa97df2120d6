import raw from '../content/site.json';
import { contentPath, parseContentFile } from '../domain/content-file';
import { siteSchema } from '../domain/site';

/** The validated site settings (src/content/site.json); it names no other file. A malformed file fails the build naming the field. */
export const site = parseContentFile(contentPath('site'), siteSchema, raw);
