/**
 * GET /api/admin/data-export: every record the site keeps, as the versioned venue data file that
 * `npm run data:export` writes (src/shared/venue-data/format.ts), sent as a download.
 */
import type { VenueData } from '../../../shared/venue-data/format';
import { endpoint } from '../../../shared/contract/endpoint';

export const dataExport = endpoint('GET', '/api/admin/data-export').answers<VenueData>();
