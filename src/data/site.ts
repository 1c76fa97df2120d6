import raw from '../content/site.json';
import { parseContentFile } from '../domain/content-file';
import { siteSchema } from '../domain/site';

/** The validated site settings (src/content/site.json). A malformed file fails the build naming the field. */
export const site = parseContentFile('src/content/site.json', siteSchema, raw);
