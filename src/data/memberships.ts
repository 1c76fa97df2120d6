import raw from '../content/memberships.json';
import { parseContentFile } from '../domain/content-file';
import { contentFiles, contentPath } from '../domain/content-files';

/** Plans, terms, prices and the promotion, validated (src/content/memberships.json); it names no other file. */
export const membershipCatalog = parseContentFile(contentPath('memberships'), contentFiles.memberships.schema, raw);
