/**
 * GET /api/admin/data-export: every record the site keeps, as the versioned venue data file that
 * `npm run data:export` writes (src/domain/venue-data.ts), sent as a download.
 */
import type { VenueData } from '../venue-data';
import { endpoint } from './endpoint';

export const dataExport = endpoint('GET', '/api/admin/data-export').answers<VenueData>();
