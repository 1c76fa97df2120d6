import raw from '../content/memberships.json';
import { parseContentFile } from '../domain/content-file';
import { membershipCatalogSchema } from '../domain/membership';

/** Plans, terms, prices and the promotion, validated (src/content/memberships.json). */
export const membershipCatalog = parseContentFile('src/content/memberships.json', membershipCatalogSchema, raw);
