import raw from '../../content/memberships.json';
import { contentPath, parseContentFile } from '../../domain/content-file';
import { membershipCatalogSchema } from './rules/membership';

/** Plans, terms, prices and the promotion, validated (src/content/memberships.json); it names no other file. */
export const membershipCatalog = parseContentFile(contentPath('memberships'), membershipCatalogSchema, raw);
